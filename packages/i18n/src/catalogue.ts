import { type CompiledMessage, compileMessageOrThrow } from '@lingui/message-utils/compileMessage';

/**
 * A language's messages: flat keys to ICU MessageFormat texts (`messages/<code>.json`). The site ships them
 * compiled (Lingui's form: no parser in the browser); the server compiles them once at start.
 */
export type MessageCatalogue = Readonly<Record<string, string>>;
export type CompiledCatalogue = Readonly<Record<string, CompiledMessage>>;

export function compileCatalogue(catalogue: MessageCatalogue): CompiledCatalogue {
  const compiled: Record<string, CompiledMessage> = {};
  for (const [key, message] of Object.entries(catalogue)) {
    try {
      compiled[key] = compileMessageOrThrow(message);
    } catch (error) {
      throw new Error(`Message "${key}" is not valid ICU MessageFormat: ${(error as Error).message}`);
    }
  }
  return compiled;
}
