/**
 * Removes what hidden layers draw from a content stream: every instruction inside a marked-content section
 * `/OC /Name BDC ... EMC` whose /Name is hidden or `/OC << ... >> BDC ... EMC` whose inline membership is hidden, and
 * every `/Name Do` of a hidden XObject. The rest of the stream is
 * kept byte for byte, so visible content, its text and its images stay exactly as they were.
 */

const WHITESPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const latin1 = new TextDecoder('latin1');
const DELIMITERS = new Set([0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]);

export interface HiddenNames {
  /** Names in the resources' /Properties of hidden optional content. */
  properties: ReadonlySet<string>;
  /** Names in the resources' /XObject whose /OC is hidden. */
  xobjects: ReadonlySet<string>;
  /** Whether a property list written inline (`<< ... >>`, as in the stream) marks hidden content. */
  inline: (dictionary: string) => boolean;
}

export interface FilteredContent {
  bytes: Uint8Array;
  /** Instructions removed. */
  removed: number;
}

interface Token {
  kind: 'operator' | 'name' | 'dictionary' | 'other';
  text: string;
  start: number;
  end: number;
}

export function removeHiddenContent(content: Uint8Array, hidden: HiddenNames): FilteredContent {
  const kept: Uint8Array[] = [];
  let keptFrom = 0;
  let operands: Token[] = [];
  let operandsStart = -1;
  /** Nesting of marked content inside a hidden section (0: not in one). */
  let hiddenDepth = 0;
  let removed = 0;
  const drop = (start: number, end: number) => {
    kept.push(content.subarray(keptFrom, start));
    keptFrom = end;
    removed++;
  };
  for (const token of tokens(content)) {
    if (token.kind !== 'operator') {
      if (operands.length === 0) operandsStart = token.start;
      operands.push(token);
      continue;
    }
    const start = operands.length > 0 ? operandsStart : token.start;
    const op = token.text;
    const last = operands.at(-1);
    if (hiddenDepth > 0) {
      if (op === 'BDC' || op === 'BMC') hiddenDepth++;
      else if (op === 'EMC') hiddenDepth--;
      drop(start, token.end);
    } else if (
      op === 'BDC' &&
      operands.length === 2 &&
      operands[0]!.text === '/OC' &&
      ((last?.kind === 'name' && hidden.properties.has(last.text.slice(1))) ||
        (last?.kind === 'dictionary' && hidden.inline(last.text)))
    ) {
      hiddenDepth = 1;
      drop(start, token.end);
    } else if (op === 'Do' && last?.kind === 'name' && hidden.xobjects.has(last.text.slice(1))) {
      drop(start, token.end);
    }
    operands = [];
  }
  if (removed === 0) return { bytes: content, removed };
  kept.push(content.subarray(keptFrom));
  const bytes = new Uint8Array(kept.reduce((sum, part) => sum + part.length, 0));
  let offset = 0;
  for (const part of kept) {
    bytes.set(part, offset);
    offset += part.length;
  }
  return { bytes, removed };
}

/** The stream's tokens; an inline image (BI ... ID data EI) comes as one operator token. */
function* tokens(data: Uint8Array): Generator<Token> {
  let i = 0;
  const n = data.length;
  while (i < n) {
    const byte = data[i]!;
    if (WHITESPACE.has(byte)) {
      i++;
    } else if (byte === 0x25) {
      while (i < n && data[i] !== 0x0a && data[i] !== 0x0d) i++;
    } else if (byte === 0x28) {
      const start = i;
      let depth = 0;
      for (; i < n; i++) {
        const c = data[i]!;
        if (c === 0x5c) i++;
        else if (c === 0x28) depth++;
        else if (c === 0x29 && --depth === 0) break;
      }
      i++;
      yield { kind: 'other', text: '', start, end: i };
    } else if (byte === 0x3c && data[i + 1] !== 0x3c) {
      const start = i;
      while (i < n && data[i] !== 0x3e) i++;
      i++;
      yield { kind: 'other', text: '', start, end: i };
    } else if (byte === 0x3c && data[i + 1] === 0x3c) {
      const start = i;
      i = dictionaryEnd(data, i);
      yield { kind: 'dictionary', text: latin1.decode(data.subarray(start, i)), start, end: i };
    } else if (byte === 0x3e && data[i + 1] === 0x3e) {
      yield { kind: 'other', text: '', start: i, end: i + 2 };
      i += 2;
    } else if (DELIMITERS.has(byte) && byte !== 0x2f) {
      yield { kind: 'other', text: '', start: i, end: i + 1 };
      i++;
    } else {
      const start = i;
      i++;
      while (i < n && !WHITESPACE.has(data[i]!) && !DELIMITERS.has(data[i]!)) i++;
      const text = latin1.decode(data.subarray(start, i));
      if (byte === 0x2f) yield { kind: 'name', text, start, end: i };
      else if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(text) || text === 'true' || text === 'false' || text === 'null') {
        yield { kind: 'other', text, start, end: i };
      } else if (text === 'BI') {
        i = inlineImageEnd(data, i);
        yield { kind: 'operator', text: 'EI', start, end: i };
      } else {
        yield { kind: 'operator', text, start, end: i };
      }
    }
  }
}

/** Just past the `>>` that closes the dictionary opened at `from`, nested ones and strings skipped. */
function dictionaryEnd(data: Uint8Array, from: number): number {
  let depth = 0;
  let i = from;
  while (i < data.length) {
    const byte = data[i]!;
    if (byte === 0x28) {
      let parens = 0;
      for (; i < data.length; i++) {
        const c = data[i]!;
        if (c === 0x5c) i++;
        else if (c === 0x28) parens++;
        else if (c === 0x29 && --parens === 0) break;
      }
      i++;
    } else if (byte === 0x3c && data[i + 1] === 0x3c) {
      depth++;
      i += 2;
    } else if (byte === 0x3c) {
      while (i < data.length && data[i] !== 0x3e) i++;
      i++;
    } else if (byte === 0x3e && data[i + 1] === 0x3e) {
      i += 2;
      if (--depth === 0) return i;
    } else {
      i++;
    }
  }
  return data.length;
}

/** Just past the `EI` that ends an inline image whose `BI` ends at `from`: after `ID`, the first `EI` between spaces. */
function inlineImageEnd(data: Uint8Array, from: number): number {
  const isSpace = (index: number) => index >= data.length || WHITESPACE.has(data[index]!);
  let i = from;
  while (i + 1 < data.length && !(data[i] === 0x49 && data[i + 1] === 0x44 && isSpace(i - 1) && isSpace(i + 2))) i++;
  i += 3;
  while (i + 1 < data.length && !(data[i] === 0x45 && data[i + 1] === 0x49 && isSpace(i - 1) && isSpace(i + 2))) i++;
  return Math.min(data.length, i + 2);
}
