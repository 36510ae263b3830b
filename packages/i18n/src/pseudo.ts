import type { CompiledMessage, CompiledMessageToken } from '@lingui/message-utils/compileMessage';
import type { CompiledCatalogue } from './catalogue.js';

/** Each ASCII letter's accented look-alike: readable, and never plain English. */
const ACCENTED: Record<string, string> = Object.fromEntries(
  [...'abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ'].map((letter, index) => [
    letter,
    [...'åƀçđéƒĝĥîĵķļɱñöþǫŕšţûṽŵẋýžÅƁÇĐÉƑĜĤÎĴĶĻṀÑÖÞǪŔŠŢÛṼŴẊÝŽ'][index]!,
  ]),
);

/** A literal text accented, leaving `<0>` tags as they are. */
function accent(text: string): string {
  return text
    .split(/(<\/?\d+\/?>)/)
    .map((part) => (/^<\/?\d+\/?>$/.test(part) ? part : part.replace(/[A-Za-z]/g, (letter) => ACCENTED[letter]!)))
    .join('');
}

function pseudoMessage(message: CompiledMessage): CompiledMessage {
  return message.map((token): CompiledMessageToken => {
    if (typeof token === 'string') return accent(token);
    const [name, type, format] = token;
    if (!format || typeof format !== 'object') return token;
    const branches = Object.fromEntries(
      Object.entries(format).map(([key, value]) => [key, Array.isArray(value) ? pseudoMessage(value) : value]),
    );
    return [name, type, branches as typeof format];
  });
}

/** English's compiled messages as the pseudo-language shows them. */
export function pseudoCatalogue(english: CompiledCatalogue): CompiledCatalogue {
  return Object.fromEntries(Object.entries(english).map(([key, message]) => [key, pseudoMessage(message)]));
}
