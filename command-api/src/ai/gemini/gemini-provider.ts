import {
  GoogleGenerativeAI,
  GoogleGenerativeAIAbortError,
  GoogleGenerativeAIFetchError,
  GoogleGenerativeAIResponseError,
  type RequestOptions,
} from '@google/generative-ai';
import { PROMPTS } from '../prompts/index.ts';
import { AiProviderError, type AiAnswerOf, type AiInput, type AiProvider, type AiUse } from '../provider.ts';

export interface GeminiOptions {
  apiKey: string;
  model: string;
  /** Where the API is; tests point it at a local server. Google's own when unset. */
  baseUrl?: string;
}

const requestOptionsOf = ({ baseUrl }: GeminiOptions): RequestOptions => (baseUrl ? { baseUrl } : {});

/** Some models wrap JSON in a code fence even when asked not to. */
const withoutFence = (text: string) => text.replace(/^\s*```(?:json)?\s*/i, '').replace(/\s*```\s*$/, '');

/**
 * Why a call failed, in words that never carry the key: the SDK's messages name the URL (the key travels in a
 * header), but they are not passed on anyway, only the status.
 */
const failureOf = (error: unknown): AiProviderError => {
  if (error instanceof AiProviderError) return error;
  if (error instanceof GoogleGenerativeAIAbortError || (error instanceof Error && error.name === 'AbortError')) {
    return new AiProviderError('timeout', 'The model did not answer in time');
  }
  if (error instanceof GoogleGenerativeAIFetchError) {
    return new AiProviderError('rejected', `The model refused the request (HTTP ${error.status ?? 'error'})`);
  }
  if (error instanceof GoogleGenerativeAIResponseError) return new AiProviderError('blocked', 'The model withheld its answer');
  return new AiProviderError('network', 'The model could not be reached');
};

/**
 * The Gemini adapter: one prompt module per use, JSON requested, the answer validated with the module's zod
 * schema. Anything else (no text, not JSON, the wrong shape) is an AiProviderError, never a crash.
 */
export const createGeminiProvider = (options: GeminiOptions): AiProvider => {
  const client = new GoogleGenerativeAI(options.apiKey);
  const run = async <U extends AiUse>(use: U, input: AiInput<U>, { signal }: { signal?: AbortSignal } = {}): Promise<AiAnswerOf<U>> => {
    const prompt = PROMPTS[use];
    const model = client.getGenerativeModel(
      { model: options.model, generationConfig: { responseMimeType: 'application/json' } },
      requestOptionsOf(options),
    );
    let text: string;
    try {
      const result = await model.generateContent(prompt.build(input), signal ? { signal } : {});
      text = result.response.text();
    } catch (error) {
      throw failureOf(error);
    }
    if (text.trim() === '') throw new AiProviderError('empty', 'The model gave an empty answer');
    let json: unknown;
    try {
      json = JSON.parse(withoutFence(text));
    } catch {
      throw new AiProviderError('malformed', 'The model did not answer with JSON');
    }
    const checked = prompt.output.safeParse(json);
    if (!checked.success) throw new AiProviderError('malformed', 'The model answered in an unexpected shape');
    return { output: checked.data, promptVersion: prompt.version };
  };
  return { name: 'gemini', model: options.model, run };
};

/**
 * Whether Google accepts a key, by counting the tokens of one word (free, and touches no quota that matters).
 * Any failure, the network's included, means Invalid (spec 01 §4 "API key status").
 */
export const verifyGeminiKey = async (options: GeminiOptions, signal?: AbortSignal): Promise<boolean> => {
  const model = new GoogleGenerativeAI(options.apiKey).getGenerativeModel({ model: options.model }, requestOptionsOf(options));
  try {
    const { totalTokens } = await model.countTokens('ping', signal ? { signal } : {});
    return typeof totalTokens === 'number';
  } catch {
    return false;
  }
};
