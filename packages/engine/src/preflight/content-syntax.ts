/**
 * The syntax check `qpdf --check` runs on every page's content, ported from qpdf 11.3 (QPDFTokenizer, QPDFParser in
 * content-stream mode, the inline-image search): the first thing it would warn about, or `undefined`. It reads a
 * decoded content stream in JavaScript at a small part of the cost of qpdf's own parser, which builds an object for
 * every token (0.8 s of a 1.1 s `--check` on a 200-page book). Where the port cannot be sure it reads content as
 * qpdf does (an inline image whose end qpdf finds by trying more than one `EI`), it says so as a problem too: such a
 * page goes the repair way, whose full `qpdf --check` decides.
 */

const enum Token {
  Eof,
  Bad,
  ArrayOpen,
  ArrayClose,
  DictOpen,
  DictClose,
  Brace,
  Name,
  String,
  Word,
  Other,
}

interface ReadToken {
  type: Token;
  /** What qpdf's tokenizer says about it; a warning whenever set. */
  message?: string;
  start: number;
  end: number;
}

const enum Byte {
  Zero = 0x30,
  OpenParen = 0x28,
  CloseParen = 0x29,
  Star = 0x2a,
  Plus = 0x2b,
  Minus = 0x2d,
  Dot = 0x2e,
  Slash = 0x2f,
  OpenBracket = 0x5b,
  Backslash = 0x5c,
  CloseBracket = 0x5d,
  OpenBrace = 0x7b,
  CloseBrace = 0x7d,
  Less = 0x3c,
  Greater = 0x3e,
  Hash = 0x23,
  Percent = 0x25,
  E = 0x45,
  I = 0x49,
}

/** Bytes by what qpdf's tokenizer makes of them: 1 white space (NUL included), 2 another delimiter. */
const CLASSES = new Uint8Array(256);
for (const byte of [0, 0x09, 0x0a, 0x0b, 0x0c, 0x0d, 0x20]) CLASSES[byte] = 1;
for (const char of '/(){}<>[]%') CLASSES[char.charCodeAt(0)] = 2;

const isSpaceByte = (byte: number) => CLASSES[byte] === 1;
const isDelimiter = (byte: number) => CLASSES[byte] !== 0;
const isHex = (byte: number) =>
  (byte >= 0x30 && byte <= 0x39) || (byte >= 0x41 && byte <= 0x46) || (byte >= 0x61 && byte <= 0x66);
const isOctal = (byte: number) => byte >= 0x30 && byte <= 0x37;

/** qpdf's tokenizer from `at`: one token (whitespace and comments skipped), where it starts and ends. */
function readToken(data: Uint8Array, at: number): ReadToken {
  let pos = at;
  for (;;) {
    while (pos < data.length && isSpaceByte(data[pos]!)) pos++;
    if (pos < data.length && data[pos] === Byte.Percent) {
      while (pos < data.length && data[pos] !== 0x0a && data[pos] !== 0x0d) pos++;
      // A comment at the end is a bad token without a message: no warning, the end of the content.
      if (pos >= data.length) return { type: Token.Eof, start: pos, end: pos };
      continue;
    }
    break;
  }
  const start = pos;
  if (pos >= data.length) return { type: Token.Eof, start, end: pos };
  const first = data[pos]!;
  switch (first) {
    case Byte.OpenParen:
      return readString(data, start);
    case Byte.CloseParen:
      return { type: Token.Bad, start, end: pos + 1, message: 'unexpected )' };
    case Byte.OpenBracket:
      return { type: Token.ArrayOpen, start, end: pos + 1 };
    case Byte.CloseBracket:
      return { type: Token.ArrayClose, start, end: pos + 1 };
    case Byte.OpenBrace:
    case Byte.CloseBrace:
      return { type: Token.Brace, start, end: pos + 1 };
    case Byte.Less: {
      if (data[pos + 1] === Byte.Less) return { type: Token.DictOpen, start, end: pos + 2 };
      for (pos++; pos < data.length; pos++) {
        const byte = data[pos]!;
        if (byte === Byte.Greater) return { type: Token.String, start, end: pos + 1 };
        if (!isHex(byte) && !isSpaceByte(byte)) {
          return {
            type: Token.Bad,
            start,
            end: pos + 1,
            message: `invalid character (${String.fromCharCode(byte)}) in hexstring`,
          };
        }
      }
      return { type: Token.Bad, start, end: pos, message: 'EOF while reading token' };
    }
    case Byte.Greater:
      if (data[pos + 1] === Byte.Greater) return { type: Token.DictClose, start, end: pos + 2 };
      if (pos + 1 >= data.length) return { type: Token.Bad, start, end: pos + 1, message: 'EOF while reading token' };
      return { type: Token.Bad, start, end: pos + 1, message: 'unexpected >' };
    case Byte.Slash: {
      let message: string | undefined;
      let bad = false;
      for (pos++; pos < data.length && !isDelimiter(data[pos]!); pos++) {
        if (data[pos] !== Byte.Hash) continue;
        const high = data[pos + 1];
        const low = data[pos + 2];
        if (high !== undefined && isHex(high) && low !== undefined && isHex(low)) {
          if (high === Byte.Zero && low === Byte.Zero) {
            message = 'null character not allowed in name token';
            bad = true;
          }
          pos += 2;
        } else {
          // The character after a stray # is read as part of the name again (it may end it).
          message = 'name with stray # will not work with PDF >= 1.2';
          if (high !== undefined && isHex(high)) pos++;
        }
      }
      const type = bad ? Token.Bad : Token.Name;
      return message === undefined ? { type, start, end: pos } : { type, start, end: pos, message };
    }
    default:
      while (pos < data.length && !isDelimiter(data[pos]!)) pos++;
      if (isWordToken(data, start, pos)) return { type: Token.Word, start, end: pos };
      if (pos - start > 18 && outsideInt64(data, start, pos)) {
        const digits = String.fromCharCode(...data.subarray(start, Math.min(pos, start + 64)));
        return {
          type: Token.Other,
          start,
          end: pos,
          message: `overflow/underflow converting ${digits} to 64-bit integer`,
        };
      }
      return { type: Token.Other, start, end: pos };
  }
}

const INT64_MAX = 2n ** 63n - 1n;

/**
 * An integer token past 64 bits, which qpdf's parser cannot convert: `--check` fails with an error. Reals are kept as
 * text and never converted.
 */
function outsideInt64(data: Uint8Array, start: number, end: number): boolean {
  const text = String.fromCharCode(...data.subarray(start, end));
  if (!/^[+-]?\d+$/.test(text)) return false;
  const value = BigInt(text.replace(/^\+/, ''));
  return value > INT64_MAX || value < -INT64_MAX - 1n;
}

/**
 * Whether qpdf reads the regular characters from `start` to `end` as a word (an operator in content) rather than a
 * number, `true`, `false` or `null`.
 */
function isWordToken(data: Uint8Array, start: number, end: number): boolean {
  if (isKeyword(data, start, end)) return false;
  let at = start;
  if (data[at] === Byte.Plus || data[at] === Byte.Minus) at++;
  let digits = 0;
  let dots = 0;
  for (; at < end; at++) {
    const byte = data[at]!;
    if (byte >= 0x30 && byte <= 0x39) digits++;
    else if (byte === Byte.Dot && dots === 0) dots++;
    else return true;
  }
  return digits === 0;
}

const KEYWORDS = ['true', 'false', 'null'].map((word) => Buffer.from(word, 'latin1'));

function isKeyword(data: Uint8Array, start: number, end: number): boolean {
  const first = data[start];
  if (first !== 0x74 && first !== 0x66 && first !== 0x6e) return false;
  return KEYWORDS.some(
    (word) => word.length === end - start && word.every((byte, index) => data[start + index] === byte),
  );
}

/**
 * A literal string, balanced parentheses and escapes as qpdf reads them. qpdf 11.3 as released drops the character
 * that ends an escape of one or two octal digits, even a `)` (its issue 1050); builds with the fix keep it. Where
 * that character is a parenthesis or a backslash the two read the string differently: a problem, for the full check.
 */
function readString(data: Uint8Array, start: number): ReadToken {
  let depth = 1;
  let pos = start + 1;
  while (pos < data.length) {
    const byte = data[pos++]!;
    if (byte === Byte.Backslash) {
      if (pos >= data.length) break;
      const escaped = data[pos++]!;
      if (isOctal(escaped)) {
        let digits = 1;
        while (digits < 3 && pos < data.length && isOctal(data[pos]!)) {
          pos++;
          digits++;
        }
        const next = data[pos];
        if (digits < 3 && (next === Byte.OpenParen || next === Byte.CloseParen || next === Byte.Backslash)) {
          return {
            type: Token.Bad,
            start,
            end: pos,
            message: 'a short octal escape before a parenthesis or backslash',
          };
        }
      }
    } else if (byte === Byte.OpenParen) {
      depth++;
    } else if (byte === Byte.CloseParen && --depth === 0) {
      return { type: Token.String, start, end: pos };
    }
  }
  return { type: Token.Bad, start, end: pos, message: 'EOF while reading token' };
}

/** A name token's name, its `#xx` codes decoded as qpdf decodes them, to compare dictionary keys. */
function nameAt(data: Uint8Array, token: ReadToken): string {
  let name = '/';
  for (let at = token.start + 1; at < token.end; at++) {
    const byte = data[at]!;
    const hex = String.fromCharCode(data[at + 1] ?? 0, data[at + 2] ?? 0);
    if (byte === Byte.Hash && /^[0-9a-f]{2}$/i.test(hex)) {
      name += String.fromCharCode(parseInt(hex, 16));
      at += 2;
    } else {
      name += String.fromCharCode(byte);
    }
  }
  return name;
}

/** The deepest nesting qpdf parses: past it, a warning. */
const MAX_DEPTH = 500;

interface Frame {
  kind: 'array' | 'dictionary';
  /** For a dictionary: its items so far, each a name or not, to check keys as qpdf does when it closes. */
  items: ({ name: string } | null)[];
}

/**
 * The first problem `qpdf --check` would report in a page's content (its words, without the offset), or
 * `undefined` when it has none; also a problem: an inline image whose end is not certain. `streams` are the page's
 * decoded content streams in order, read as one, as qpdf reads them.
 */
export function contentSyntaxProblem(streams: readonly Uint8Array[]): string | undefined {
  return syntaxProblem(joinedStreams(streams));
}

/** A page's content streams as qpdf joins them: a newline after each one that does not end with one. */
function joinedStreams(streams: readonly Uint8Array[]): Uint8Array {
  if (streams.length === 1) return streams[0]!;
  const parts: Uint8Array[] = [];
  for (const [index, stream] of streams.entries()) {
    const previous = streams[index - 1];
    if (previous && previous.at(-1) !== 0x0a) parts.push(new Uint8Array([0x0a]));
    parts.push(stream);
  }
  return Buffer.concat(parts);
}

function syntaxProblem(data: Uint8Array): string | undefined {
  const stack: Frame[] = [];
  let pos = 0;
  for (;;) {
    const token = readToken(data, pos);
    if (token.message !== undefined) return token.message;
    pos = token.end;
    const frame = stack.at(-1);
    switch (token.type) {
      case Token.Eof:
        return stack.length > 0 ? 'parse error while reading object' : undefined;
      case Token.Brace:
        return 'treating unexpected brace token as null';
      case Token.ArrayClose:
      case Token.DictClose: {
        const kind = token.type === Token.ArrayClose ? 'array' : 'dictionary';
        if (frame?.kind !== kind) {
          return kind === 'array'
            ? 'treating unexpected array close token as null'
            : 'unexpected dictionary close token';
        }
        stack.pop();
        if (kind === 'dictionary') {
          const problem = dictionaryProblem(frame.items);
          if (problem) return problem;
        }
        stack.at(-1)?.items.push(null);
        break;
      }
      case Token.ArrayOpen:
      case Token.DictOpen:
        if (stack.length >= MAX_DEPTH) return 'ignoring excessively deeply nested data structure';
        stack.push({ kind: token.type === Token.ArrayOpen ? 'array' : 'dictionary', items: [] });
        break;
      case Token.Name:
        frame?.items.push({ name: nameAt(data, token) });
        break;
      case Token.Word:
        if (!frame && token.end - token.start === 2 && data[token.start] === Byte.I && data[token.start + 1] === 0x44) {
          const end = inlineImageEnd(data, pos + 1);
          if (typeof end === 'string') return end;
          pos = end;
          break;
        }
        frame?.items.push(null);
        break;
      default:
        frame?.items.push(null);
    }
  }
}

/** qpdf's warnings for a dictionary's items: a key that is not a name, a key twice, a key without a value. */
function dictionaryProblem(items: readonly ({ name: string } | null)[]): string | undefined {
  const keys = new Set<string>();
  for (let index = 0; index < items.length; index += 2) {
    const key = items[index];
    if (!key) return 'expected dictionary key but found non-name object';
    if (keys.has(key.name)) return `dictionary has duplicated key ${key.name}`;
    keys.add(key.name);
    if (index + 1 >= items.length) return 'dictionary ended prematurely; using null as value for last key';
  }
  return undefined;
}

/**
 * Where the inline image that starts at `from` ends (just after its `EI`), found as qpdf finds it: the first word
 * `EI` followed by ten tokens that look like content, or by the end. A problem when there is none, or when qpdf
 * would try more than one `EI`: its choice then rests on a heuristic this port need not match.
 */
function inlineImageEnd(data: Uint8Array, from: number): number | string {
  const candidate = nextEi(data, from);
  if (candidate === undefined) return 'EOF found while reading inline image';
  const after = candidate + 2;
  let pos = after;
  for (let count = 0; count < 10; count++) {
    const token = readToken(data, pos);
    // The checker's tokenizer does not allow the end: qpdf counts it as a bad token and looks for a later EI.
    if (token.type === Token.Eof || token.type === Token.Bad || looksLikeImageData(data, token)) {
      return nextEi(data, token.end) === undefined ? after : 'inline image whose end is not certain';
    }
    pos = token.end;
  }
  return after;
}

/** The next `EI` that qpdf's tokenizer reads as that word (a delimiter or the end after it). */
function nextEi(data: Uint8Array, from: number): number | undefined {
  for (let at = from; at + 1 < data.length; at++) {
    if (data[at] === Byte.E && data[at + 1] === Byte.I && (at + 2 >= data.length || isDelimiter(data[at + 2]!))) {
      return at;
    }
  }
  return undefined;
}

/** A word that qpdf's inline-image search takes for image data: control bytes, or letters mixed with other bytes. */
function looksLikeImageData(data: Uint8Array, token: ReadToken): boolean {
  if (token.type !== Token.Word) return false;
  let alpha = false;
  let other = false;
  for (let at = token.start; at < token.end; at++) {
    const byte = data[at]!;
    if ((byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a) || byte === Byte.Star) alpha = true;
    else if ((byte < 32 || byte >= 128) && !isSpaceByte(byte)) return true;
    else other = true;
  }
  return alpha && other;
}
