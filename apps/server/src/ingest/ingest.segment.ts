/**
 * Text prepared for Postgres full-text search with the 'simple' configuration. Postgres has no
 * Chinese/Japanese/Korean parser, so runs of CJK characters become their single characters plus
 * overlapping bigrams ("知识库" → "知 识 库 知识 识库"); queries get the same treatment, with
 * bigrams only for runs of two or more characters, so a query matches the indexed text.
 */
const CJK = /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}]+/gu;

function cjkTokens(run: string, unigrams: boolean): string[] {
  const chars = [...run];
  if (chars.length === 1) return chars;
  const out = unigrams ? [...chars] : [];
  for (let i = 0; i + 1 < chars.length; i++) out.push(chars[i]! + chars[i + 1]!);
  return out;
}

function transform(text: string, unigrams: boolean): string {
  return text
    .replace(CJK, (run) => ` ${cjkTokens(run, unigrams).join(' ')} `)
    .replace(/\s+/g, ' ')
    .trim();
}

/** The indexed form of a text (search_text / search_title columns). */
export function segmentForIndex(text: string): string {
  return transform(text, true);
}

/** The query form: every token must match (plainto_tsquery ANDs them). */
export function segmentForQuery(text: string): string {
  return transform(text, false);
}
