import { describe, expect, it } from 'vitest';
import { fillInLabels, renderTemplate, templateValues, unfilledFields, unknownVariableError, unknownVariables } from '../../../../src/protocol/snippets/snippet-template';

const values = templateValues({
  contact: { name: 'Ada Lovelace', email: 'ada@example.com' },
  agent: { name: 'Grace Hopper' },
  conversationId: 42,
  organizationName: 'Acme',
});

describe('snippet variables', () => {
  it('fills every variable from the conversation', () => {
    const body = '{{contact.name}} {{contact.first_name}} {{contact.email}} {{agent.name}} {{agent.first_name}} #{{conversation.id}} {{organization.name}}';
    expect(renderTemplate(body, values, { format: 'text' })).toBe('Ada Lovelace Ada ada@example.com Grace Hopper Grace #42 Acme');
  });

  it('uses the fallback when the value is missing or blank, and nothing when there is no fallback', () => {
    const unnamed = templateValues({ contact: { name: '  ', email: null } });
    expect(renderTemplate('Hi {{contact.first_name | there}},', unnamed, { format: 'text' })).toBe('Hi there,');
    expect(renderTemplate('Hi {{ contact.first_name|there friend }}!', unnamed, { format: 'text' })).toBe('Hi there friend!');
    expect(renderTemplate('Mail: {{contact.email}}.', unnamed, { format: 'text' })).toBe('Mail: .');
    expect(renderTemplate('Hi {{contact.first_name | there}},', values, { format: 'text' })).toBe('Hi Ada,');
  });

  it('names unknown variables, and never renders their braces', () => {
    const body = 'Call {{contact.phone}} or {{ contact.phone }} about {{order}}; {{?}} {{contact.name}}';
    expect(unknownVariables(body)).toEqual(['{{contact.phone}}', '{{ contact.phone }}', '{{order}}', '{{?}}']);
    expect(unknownVariableError('{{x}}')).toBe('has an unknown variable: {{x}}');
    expect(unknownVariableError('Hi {{agent.name | us}} {{?Order}}')).toBeNull();
    expect(renderTemplate(body, values, { format: 'text' })).toBe('Call  or  about ;  Ada Lovelace');
  });

  it('escapes contact data, fallbacks and fills in HTML but not in plain text', () => {
    const hostile = templateValues({ contact: { name: '<img src=x onerror=alert(1)> & "Bob"', email: null } });
    expect(renderTemplate('<p>Hi {{contact.name}}</p>', hostile, { format: 'html' })).toBe('<p>Hi &#60;img src=x onerror=alert(1)&#62; &#38; &#34;Bob&#34;</p>');
    expect(renderTemplate('Hi {{contact.name}}', hostile, { format: 'text' })).toBe('Hi <img src=x onerror=alert(1)> & "Bob"');
    expect(renderTemplate('#{{?Order}}', {}, { format: 'html', fills: { Order: '<b>1</b>' } })).toBe('#&#60;b&#62;1&#60;/b&#62;');
  });
});

describe('fill-in fields', () => {
  it('lists each label once in order, fills what is given and keeps the marker of what is not', () => {
    const body = 'Order {{?Order number}} ships {{? Date }}; ref {{?Order number}}.';
    expect(fillInLabels(body)).toEqual(['Order number', 'Date']);
    const partly = renderTemplate(body, values, { format: 'text', fills: { 'Order number': ' 1234 ', Date: '  ' } });
    expect(partly).toBe('Order 1234 ships {{?Date}}; ref 1234.');
    expect(unfilledFields(partly)).toEqual(['Date']);
    expect(unfilledFields(renderTemplate(body, values, { format: 'text', fills: { 'Order number': '1', Date: 'Monday' } }))).toEqual([]);
  });
});
