/**
 * Optional model choice for the featured reviews (issue #5): when an OpenAI-compatible
 * chat-completions endpoint is configured (`AI_BASE_URL`, `AI_API_KEY`, `AI_MODEL`), the model is
 * shown the rule's top candidates (ids and comments only — no names, no other personal data) and
 * asked for a JSON array of the ids worth showing, best first. Any failure — network error, non-2xx,
 * time-out, an answer that is not such an array, an unknown or repeated id, an empty choice —
 * answers `null`, and the caller keeps the rule's order.
 */

/** Where the model is. `baseUrl` is the API root, e.g. `https://api.openai.com/v1`. */
export interface AiConfig {
  baseUrl: string;
  apiKey: string;
  model: string;
}

/** What the model is shown of one candidate. */
export interface AiCandidate {
  id: number;
  rating: number;
  comment: string;
}

const SYSTEM_PROMPT =
  'You pick member reviews of a Korean social dining app for its home page. ' +
  'Choose the reviews that are friendly, specific and useful to someone looking for a meal partner; ' +
  'skip rude, suggestive, promotional or meaningless ones. ' +
  'Answer ONLY with a JSON array of the chosen review ids, best first, e.g. [12, 5, 9]. No other text.';

/**
 * Parses the model's text into ids: a JSON array of integers (a ```json fence or text around the
 * array is tolerated). Answers `null` unless every id is one of `known`, none repeats, at most
 * `max` are given and at least one is.
 */
export function parseChosenIds(text: string, known: ReadonlySet<number>, max: number): number[] | null {
  const start = text.indexOf('[');
  const end = text.lastIndexOf(']');
  if (start < 0 || end <= start) return null;
  let value: unknown;
  try {
    value = JSON.parse(text.slice(start, end + 1));
  } catch {
    return null;
  }
  if (!Array.isArray(value) || value.length === 0 || value.length > max) return null;
  const ids: number[] = [];
  for (const v of value) {
    const id = typeof v === 'string' && /^\d+$/.test(v) ? Number(v) : v;
    if (typeof id !== 'number' || !Number.isInteger(id) || !known.has(id) || ids.includes(id)) return null;
    ids.push(id);
  }
  return ids;
}

/**
 * Asks the model to choose and order at most `max` of `candidates`. Answers the chosen ids, or
 * `null` on any failure (see the module doc). Never throws. `timeoutMs` bounds the whole call
 * (`AbortSignal.timeout`).
 */
export async function chooseWithModel(
  config: AiConfig,
  candidates: readonly AiCandidate[],
  options: { max: number; timeoutMs: number; fetchFn?: typeof fetch },
): Promise<number[] | null> {
  if (candidates.length === 0) return null;
  const fetchFn = options.fetchFn ?? fetch;
  try {
    const res = await fetchFn(`${config.baseUrl}/chat/completions`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${config.apiKey}` },
      body: JSON.stringify({
        model: config.model,
        temperature: 0,
        messages: [
          { role: 'system', content: SYSTEM_PROMPT },
          { role: 'user', content: `Choose at most ${options.max}. Reviews:\n${JSON.stringify(candidates)}` },
        ],
      }),
      signal: AbortSignal.timeout(options.timeoutMs),
    });
    if (!res.ok) return null;
    const body = (await res.json()) as { choices?: Array<{ message?: { content?: unknown } }> };
    const content = body.choices?.[0]?.message?.content;
    if (typeof content !== 'string') return null;
    return parseChosenIds(content, new Set(candidates.map((c) => c.id)), options.max);
  } catch {
    return null;
  }
}
