/**
 * A catalogue page's first answers, put in its HTML by the server (decision 0122): the same
 * envelopes its first GETs would fetch, so the page draws without a round trip after its scripts.
 * Each is used once, by the request with the same key, and only when it was made in the language
 * the request asks in (the server guessed it from the `lang` cookie, lib/session.ts); anything
 * else is asked of the API as before.
 */
let answers: Record<string, unknown> | undefined;

/** The API path with its query parameters sorted by name (the server's `firstAnswerKey`). */
export function firstAnswerKey(url: string): string {
  const [path, query] = url.split('?');
  const params = new URLSearchParams(query);
  params.sort();
  const sorted = params.toString();
  return sorted ? `${path}?${sorted}` : path!;
}

function readAnswers(lang: string): Record<string, unknown> {
  try {
    const embedded = JSON.parse(document.getElementById('first-answers')?.textContent || '{}');
    return (embedded.lang === lang && embedded.answers) || {};
  } catch {
    return {}; // no page (tests) or an unreadable block: every request goes to the API
  }
}

/** The embedded answer for a GET of `url` in `lang`, once; undefined when there is none. */
export function takeFirstAnswer(url: string, lang: string): unknown {
  const all = (answers ??= readAnswers(lang));
  const key = firstAnswerKey(url);
  const answer = all[key];
  delete all[key];
  return answer;
}
