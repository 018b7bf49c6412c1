import { describe, expect, it } from 'vitest';
import { elicitByQuestions } from './elicit-by-questions.js';

const signal = new AbortController().signal;
const request = {
  serverName: 'tickets',
  message: 'Open a ticket?',
  requestedSchema: { type: 'object', properties: { title: { type: 'string', title: 'Title' }, urgent: { type: 'boolean' }, count: { type: 'integer', default: 1 } } },
  signal,
};

describe('elicitByQuestions', () => {
  it('asks one question per field, names the server first, and types the answers; a blank field is left for its default', async () => {
    const asked: { question: string; options: readonly string[] }[] = [];
    const answers = ['Printer on fire', 'yes', ''];
    const elicit = elicitByQuestions((question) => {
      asked.push(question);
      return Promise.resolve(answers.shift());
    });
    await expect(elicit(request)).resolves.toEqual({ action: 'accept', content: { title: 'Printer on fire', urgent: true } });
    expect(asked).toEqual([
      { question: 'The MCP server "tickets" asks: Open a ticket?\nTitle?', options: [] },
      { question: 'urgent?', options: ['yes', 'no'] },
      { question: 'count?', options: [] },
    ]);
  });

  it('declines when nobody answers the first question', async () => {
    const elicit = elicitByQuestions(() => Promise.resolve(undefined));
    await expect(elicit(request)).resolves.toEqual({ action: 'decline' });
  });
});
