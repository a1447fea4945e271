/** The part of mailparser (which ships no types) that the SMTP sink uses. */
declare module 'mailparser' {
  export interface EmailAddress {
    address?: string;
    name: string;
  }
  export interface AddressObject {
    value: EmailAddress[];
    text: string;
  }
  export interface ParsedMail {
    subject?: string;
    text?: string;
    html?: string | false;
    from?: AddressObject;
    to?: AddressObject | AddressObject[];
  }
  export function simpleParser(source: NodeJS.ReadableStream | Buffer | string): Promise<ParsedMail>;
}
