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

const KEYWORDS = ['true', 'false', 'null'].map((word) => Buffer.from(word, 'latin1'));

function isKeyword(data: Uint8Array, start: number, end: number): boolean {
  const first = data[start];
  if (first !== 0x74 && first !== 0x66 && first !== 0x6e) return false;
  return KEYWORDS.some(
    (word) => word.length === end - start && word.every((byte, index) => data[start + index] === byte),
  );
}

/**
 * qpdf's tokenizer over one decoded content: `next` reads a token and returns its type, leaving where it starts and
 * ends, and what qpdf says about it (a warning whenever set), in the fields. No object per token: a page of a long
 * document has hundreds of thousands.
 */
class Tokenizer {
  start = 0;
  end = 0;
  message: string | undefined = undefined;
  constructor(readonly data: Uint8Array) {}

  /** The token from `at` (white space and comments skipped). */
  next(at: number): Token {
    const data = this.data;
    const length = data.length;
    this.message = undefined;
    let pos = at;
    for (;;) {
      while (pos < length && CLASSES[data[pos]!] === 1) pos++;
      if (pos < length && data[pos] === Byte.Percent) {
        while (pos < length && data[pos] !== 0x0a && data[pos] !== 0x0d) pos++;
        // A comment at the end is a bad token without a message: no warning, the end of the content.
        if (pos >= length) return this.token(Token.Eof, pos, pos);
        continue;
      }
      break;
    }
    const start = pos;
    if (pos >= length) return this.token(Token.Eof, start, pos);
    switch (data[pos]) {
      case Byte.OpenParen:
        return this.string(start);
      case Byte.CloseParen:
        return this.token(Token.Bad, start, pos + 1, 'unexpected )');
      case Byte.OpenBracket:
        return this.token(Token.ArrayOpen, start, pos + 1);
      case Byte.CloseBracket:
        return this.token(Token.ArrayClose, start, pos + 1);
      case Byte.OpenBrace:
      case Byte.CloseBrace:
        return this.token(Token.Brace, start, pos + 1);
      case Byte.Less: {
        if (data[pos + 1] === Byte.Less) return this.token(Token.DictOpen, start, pos + 2);
        for (pos++; pos < length; pos++) {
          const byte = data[pos]!;
          if (byte === Byte.Greater) return this.token(Token.String, start, pos + 1);
          if (!isHex(byte) && CLASSES[byte] !== 1) {
            return this.token(
              Token.Bad,
              start,
              pos + 1,
              `invalid character (${String.fromCharCode(byte)}) in hexstring`,
            );
          }
        }
        return this.token(Token.Bad, start, pos, 'EOF while reading token');
      }
      case Byte.Greater:
        if (data[pos + 1] === Byte.Greater) return this.token(Token.DictClose, start, pos + 2);
        if (pos + 1 >= length) return this.token(Token.Bad, start, pos + 1, 'EOF while reading token');
        return this.token(Token.Bad, start, pos + 1, 'unexpected >');
      case Byte.Slash: {
        let message: string | undefined;
        let bad = false;
        for (pos++; pos < length && CLASSES[data[pos]!] === 0; pos++) {
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
        return this.token(bad ? Token.Bad : Token.Name, start, pos, message);
      }
      default: {
        // A number (digits, one dot, a sign first), `true`, `false`, `null`, or a word (an operator in content).
        let digits = 0;
        let dots = 0;
        let numeric = true;
        if (data[pos] === Byte.Plus || data[pos] === Byte.Minus) pos++;
        for (; pos < length; pos++) {
          const byte = data[pos]!;
          if (byte >= 0x30 && byte <= 0x39) digits++;
          else if (byte === Byte.Dot && dots === 0) dots++;
          else if (CLASSES[byte] !== 0) break;
          else numeric = false;
        }
        if (!numeric || digits === 0) {
          return this.token(isKeyword(data, start, pos) ? Token.Other : Token.Word, start, pos);
        }
        if (pos - start > 18 && outsideInt64(data, start, pos)) {
          const text = String.fromCharCode(...data.subarray(start, Math.min(pos, start + 64)));
          return this.token(Token.Other, start, pos, `overflow/underflow converting ${text} to 64-bit integer`);
        }
        return this.token(Token.Other, start, pos);
      }
    }
  }

  private token(type: Token, start: number, end: number, message?: string): Token {
    this.start = start;
    this.end = end;
    this.message = message;
    return type;
  }

  /**
   * A literal string, balanced parentheses and escapes as qpdf reads them. qpdf 11.3 as released drops the character
   * that ends an escape of one or two octal digits, even a `)` (its issue 1050); builds with the fix keep it. Where
   * that character is a parenthesis or a backslash the two read the string differently: a problem, for the full
   * check.
   */
  private string(start: number): Token {
    const data = this.data;
    const length = data.length;
    let depth = 1;
    let pos = start + 1;
    while (pos < length) {
      const byte = data[pos++]!;
      if (byte === Byte.Backslash) {
        if (pos >= length) break;
        const escaped = data[pos++]!;
        if (isOctal(escaped)) {
          let digits = 1;
          while (digits < 3 && pos < length && isOctal(data[pos]!)) {
            pos++;
            digits++;
          }
          const next = data[pos];
          if (digits < 3 && (next === Byte.OpenParen || next === Byte.CloseParen || next === Byte.Backslash)) {
            return this.token(Token.Bad, start, pos, 'a short octal escape before a parenthesis or backslash');
          }
        }
      } else if (byte === Byte.OpenParen) {
        depth++;
      } else if (byte === Byte.CloseParen && --depth === 0) {
        return this.token(Token.String, start, pos);
      }
    }
    return this.token(Token.Bad, start, pos, 'EOF while reading token');
  }

  /** The current name token's name, its `#xx` codes decoded as qpdf decodes them, to compare dictionary keys. */
  name(): string {
    const data = this.data;
    let name = '/';
    for (let at = this.start + 1; at < this.end; at++) {
      const byte = data[at]!;
      if (byte === Byte.Hash && isHex(data[at + 1] ?? 0) && isHex(data[at + 2] ?? 0)) {
        name += String.fromCharCode(parseInt(String.fromCharCode(data[at + 1]!, data[at + 2]!), 16));
        at += 2;
      } else {
        name += String.fromCharCode(byte);
      }
    }
    return name;
  }
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
  const tokens = new Tokenizer(data);
  const stack: Frame[] = [];
  let pos = 0;
  for (;;) {
    const type = tokens.next(pos);
    if (tokens.message !== undefined) return tokens.message;
    pos = tokens.end;
    const frame = stack.at(-1);
    // Only a dictionary's items are kept: its keys are checked when it closes.
    const items = frame?.kind === 'dictionary' ? frame.items : undefined;
    switch (type) {
      case Token.Eof:
        return stack.length > 0 ? 'parse error while reading object' : undefined;
      case Token.Brace:
        return 'treating unexpected brace token as null';
      case Token.ArrayClose:
      case Token.DictClose: {
        const kind = type === Token.ArrayClose ? 'array' : 'dictionary';
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
        const outer = stack.at(-1);
        if (outer?.kind === 'dictionary') outer.items.push(null);
        break;
      }
      case Token.ArrayOpen:
      case Token.DictOpen:
        if (stack.length >= MAX_DEPTH) return 'ignoring excessively deeply nested data structure';
        stack.push({ kind: type === Token.ArrayOpen ? 'array' : 'dictionary', items: [] });
        break;
      case Token.Name:
        items?.push({ name: tokens.name() });
        break;
      case Token.Word:
        if (
          !frame &&
          tokens.end - tokens.start === 2 &&
          data[tokens.start] === Byte.I &&
          data[tokens.start + 1] === 0x44
        ) {
          const end = inlineImageEnd(tokens, pos + 1);
          if (typeof end === 'string') return end;
          pos = end;
          break;
        }
        items?.push(null);
        break;
      default:
        items?.push(null);
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
function inlineImageEnd(tokens: Tokenizer, from: number): number | string {
  const data = tokens.data;
  const candidate = nextEi(data, from);
  if (candidate === undefined) return 'EOF found while reading inline image';
  const after = candidate + 2;
  let pos = after;
  for (let count = 0; count < 10; count++) {
    const type = tokens.next(pos);
    // The checker's tokenizer does not allow the end: qpdf counts it as a bad token and looks for a later EI.
    if (type === Token.Eof || type === Token.Bad || (type === Token.Word && looksLikeImageData(tokens))) {
      return nextEi(data, tokens.end) === undefined ? after : 'inline image whose end is not certain';
    }
    pos = tokens.end;
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

/** The word just read, when qpdf's inline-image search takes it for image data: control bytes, or letters mixed with other bytes. */
function looksLikeImageData({ data, start, end }: Tokenizer): boolean {
  let alpha = false;
  let other = false;
  for (let at = start; at < end; at++) {
    const byte = data[at]!;
    if ((byte >= 0x41 && byte <= 0x5a) || (byte >= 0x61 && byte <= 0x7a) || byte === Byte.Star) alpha = true;
    else if ((byte < 32 || byte >= 128) && !isSpaceByte(byte)) return true;
    else other = true;
  }
  return alpha && other;
}
