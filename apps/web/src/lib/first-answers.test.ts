import { afterEach, describe, expect, it, vi } from 'vitest';

// The answers the server put in a catalogue page's HTML (decision 0122), as the transport reads them.
function embed(json: string) {
  const script = document.createElement('script');
  script.type = 'application/json';
  script.id = 'first-answers';
  script.textContent = json;
  document.body.append(script);
}

async function freshModule() {
  vi.resetModules();
  return import('./first-answers');
}

afterEach(() => document.getElementById('first-answers')?.remove());

describe('first answers', () => {
  it('keys a request by its path and its query sorted by name, as the server does', async () => {
    const { firstAnswerKey } = await freshModule();
    expect(firstAnswerKey('/api/prod/search?keyword=a+b&categoryId=7&current=1&size=20')).toBe(
      '/api/prod/search?categoryId=7&current=1&keyword=a+b&size=20',
    );
    expect(firstAnswerKey('/api/category/categories')).toBe('/api/category/categories');
  });

  it('gives each answer once, in the language it was made in; anything else is not there', async () => {
    embed('{"lang":"fr-FR","answers":{"/api/a?x=1&y=%3C%2Fb%3E":{"success":true,"data":"\\u003c/script>"}}}');
    const { takeFirstAnswer } = await freshModule();
    expect(takeFirstAnswer('/api/a?y=%3C%2Fb%3E&x=1', 'fr-FR')).toEqual({ success: true, data: '</script>' });
    expect(takeFirstAnswer('/api/a?y=%3C%2Fb%3E&x=1', 'fr-FR')).toBeUndefined();
    expect(takeFirstAnswer('/api/b', 'fr-FR')).toBeUndefined();
  });

  it('a block made in another language than the page asks in is not used', async () => {
    embed('{"lang":"zh-CN","answers":{"/api/a":{"success":true,"data":1}}}');
    const { takeFirstAnswer } = await freshModule();
    expect(takeFirstAnswer('/api/a', 'en-US')).toBeUndefined();
  });

  it('no block, or one that does not parse: nothing, and no error', async () => {
    expect((await freshModule()).takeFirstAnswer('/api/a', 'en-US')).toBeUndefined();
    embed('{"lang":');
    expect((await freshModule()).takeFirstAnswer('/api/a', 'en-US')).toBeUndefined();
  });
});
