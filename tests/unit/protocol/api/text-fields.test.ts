import Fastify from 'fastify';
import { describe, expect, it } from 'vitest';
import { API_ERRORS } from '../../../../src/protocol/api/api-errors';
import { nameField } from '../../../../src/protocol/api/fields';
import { noteBody } from '../../../../src/protocol/api/conversation-requests';
import { fieldErrors } from '../../../../src/protocol/api/requests';
import {
  CONTROL_CHARACTERS_ERROR,
  LONE_SURROGATE_ERROR,
  controlCharacterPath,
  hasLoneSurrogate,
  hasControlCharacters,
  jsonMayHoldControlCharacters,
  withoutControlCharacters,
  multiLineText,
  singleLineText,
} from '../../../../src/protocol/api/text-fields';
import { handleError } from '../../../../src/server/http/error-handler';
import { registerJsonBodyParser } from '../../../../src/server/http/json-body-parser';

describe('text fields', () => {
  it('single-line text allows tab only; multi-line text allows tab, LF and CR', () => {
    for (const control of ['\u0000', '\u0001', '\u0007', '\u001b', '\u007f']) {
      expect(hasControlCharacters(`a${control}b`, 'single'), JSON.stringify(control)).toBe(true);
      expect(hasControlCharacters(`a${control}b`, 'multi'), JSON.stringify(control)).toBe(true);
    }
    expect(hasControlCharacters('a\tb', 'single')).toBe(false);
    expect(hasControlCharacters('a\nb', 'single')).toBe(true);
    expect(hasControlCharacters('a\rb', 'single')).toBe(true);
    expect(hasControlCharacters('a\r\n\tb', 'multi')).toBe(false);
    expect(hasControlCharacters('café ✓ 日本', 'single')).toBe(false);
  });

  it('the builders name the field and put the control-character message first', () => {
    expect(singleLineText().safeParse('Ana').success).toBe(true);
    expect(multiLineText().safeParse('one\ntwo').success).toBe(true);
    const name = nameField.safeParse('\u0000'.repeat(101));
    expect(name.success).toBe(false);
    expect(name.error?.issues[0]?.message).toBe(CONTROL_CHARACTERS_ERROR);
    const note = noteBody.safeParse({ message: 'hi\u0000' });
    expect(note.success ? null : fieldErrors(note.error)).toEqual({ message: CONTROL_CHARACTERS_ERROR });
  });

  it('text refuses half of a surrogate pair and keeps whole pairs (emoji, old scripts)', () => {
    for (const half of ['\ud800', '\udbff', '\udc00', '\udfff', 'a\ud83d', '\ude00b', '\ude00\ud83d']) {
      expect(hasLoneSurrogate(half), JSON.stringify(half)).toBe(true);
      expect(singleLineText().safeParse(half).error?.issues[0]?.message).toBe(LONE_SURROGATE_ERROR);
      expect(multiLineText().safeParse(half).error?.issues[0]?.message).toBe(LONE_SURROGATE_ERROR);
    }
    for (const whole of ['📦', 'a😀b', '𐍈', 'café']) {
      expect(hasLoneSurrogate(whole), whole).toBe(false);
      expect(multiLineText().safeParse(whole).success).toBe(true);
    }
  });

  it('an editor keeps a paste without its controls: vertical tab and form feed become line breaks', () => {
    expect(withoutControlCharacters('one\u000btwo\u000cthree\u0000\u0007\u007f\r\n\tend', 'multi')).toBe('one\ntwo\nthree\r\n\tend');
    expect(withoutControlCharacters('Ana\nSmith\t\u0000', 'single')).toBe('AnaSmith\t');
  });

  it('finds a control character anywhere in a parsed value and names its path', () => {
    expect(controlCharacterPath({ a: 'fine', b: [{ c: 'ok' }, { d: 'bad\u0000' }] })).toBe('b.1.d');
    expect(controlCharacterPath('top\u0001')).toBe('body');
    expect(controlCharacterPath({ 'key\u0000': 1 })).toBe('body');
    expect(controlCharacterPath({ nested: { 'key\u0000': 1 } })).toBe('nested');
    expect(controlCharacterPath({ text: 'line\r\n\tline', n: 1, t: true, z: null })).toBeNull();
    expect(controlCharacterPath(undefined)).toBeNull();
  });

  it('walks a deeply nested value without exhausting the stack', () => {
    const depth = 200_000;
    const deep: unknown = JSON.parse(`${'['.repeat(depth)}"\\u0000"${']'.repeat(depth)}`);
    expect(controlCharacterPath(deep)?.split('.')).toHaveLength(depth);
  });

  it('JSON without an escaped control character needs no walk', () => {
    expect(jsonMayHoldControlCharacters('{"message":"line\\nline\\ttab"}')).toBe(false);
    expect(jsonMayHoldControlCharacters('{"message":"nul\\u0000"}')).toBe(true);
    expect(jsonMayHoldControlCharacters('{"message":"bell\\u0007"}')).toBe(true);
    expect(jsonMayHoldControlCharacters('{"message":"del\\u007F"}')).toBe(true);
    expect(jsonMayHoldControlCharacters('{"message":"form\\f"}')).toBe(true);
    expect(jsonMayHoldControlCharacters('{"message":"raw del \u007f"}')).toBe(true);
  });
});

describe('the HTTP guard', () => {
  async function app() {
    const server = Fastify();
    server.setErrorHandler(handleError);
    registerJsonBodyParser(server);
    server.post('/echo', (request) => request.body ?? null);
    server.get('/unstorable', () => {
      // What pg throws for a NUL that reached it.
      throw Object.assign(new Error('invalid byte sequence for encoding "UTF8": 0x00'), { code: '22021' });
    });
    await server.ready();
    return server;
  }

  it('a JSON body with a control character answers 400 naming the field', async () => {
    const server = await app();
    const refused = await server.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'application/json' }, payload: '{"a":{"b":["x","\\u0000"]}}' });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({ errors: { 'a.b.1': CONTROL_CHARACTERS_ERROR } });
    const fine = await server.inject({ method: 'POST', url: '/echo', headers: { 'content-type': 'application/json' }, payload: '{"a":"x\\ny"}' });
    expect(fine.json()).toEqual({ a: 'x\ny' });
    await server.close();
  });

  it('a database encoding error is a 400, never a 500', async () => {
    const server = await app();
    const response = await server.inject({ method: 'GET', url: '/unstorable' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ error: API_ERRORS.unstorableText });
    await server.close();
  });
});
