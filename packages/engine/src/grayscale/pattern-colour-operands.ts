/**
 * Rewrites the colour operands of uncoloured tiling patterns in a content stream. Such a pattern is painted with
 * `c1 .. cn /P scn` in a `[/Pattern base]` colour space, and Ghostscript's pdfwrite copies those components and the
 * base space as they are, so the hatching stays in colour. Here the components of the named spaces become one gray
 * level, for the caller to switch the spaces to `[/Pattern /DeviceGray]`. Everything else is copied byte for byte.
 */

/** Colour spaces (by resource name) to rewrite: how many components they take and their gray level. */
export type PatternSpaces = ReadonlyMap<string, { components: number; gray: (components: number[]) => number }>;

const WHITESPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIMITERS = new Set([0x28, 0x29, 0x3c, 0x3e, 0x5b, 0x5d, 0x7b, 0x7d, 0x2f, 0x25]);

interface Token {
  kind: 'number' | 'name' | 'operator' | 'other';
  text: string;
  start: number;
  end: number;
}

function isRegular(code: number): boolean {
  return !WHITESPACE.has(code) && !DELIMITERS.has(code);
}

/** End of a literal string starting at `at` (its opening parenthesis): balanced parentheses, backslash escapes. */
function stringEnd(data: string, at: number): number {
  let depth = 0;
  for (let index = at; index < data.length; index++) {
    const char = data[index];
    if (char === '\\') index++;
    else if (char === '(') depth++;
    else if (char === ')' && --depth === 0) return index + 1;
  }
  return data.length;
}

/** End of inline image data starting after `ID`: the `EI` that stands alone between whitespace. */
function inlineImageEnd(data: string, at: number): number {
  let index = at;
  for (;;) {
    index = data.indexOf('EI', index);
    if (index < 0) return data.length;
    const before = data.charCodeAt(index - 1);
    const after = index + 2 < data.length ? data.charCodeAt(index + 2) : 0x20;
    if (WHITESPACE.has(before) && (WHITESPACE.has(after) || DELIMITERS.has(after))) return index + 2;
    index += 2;
  }
}

function* tokens(data: string): Generator<Token> {
  let index = 0;
  while (index < data.length) {
    const code = data.charCodeAt(index);
    const start = index;
    if (WHITESPACE.has(code)) {
      index++;
      continue;
    }
    if (code === 0x25) {
      // % comment to the end of the line
      while (index < data.length && data[index] !== '\n' && data[index] !== '\r') index++;
      continue;
    }
    if (code === 0x28) {
      index = stringEnd(data, index);
      yield { kind: 'other', text: data.slice(start, index), start, end: index };
      continue;
    }
    if (code === 0x3c || code === 0x3e) {
      // << and >> delimit dictionaries; <...> is a hex string
      if (data[index + 1] === data[index]) index += 2;
      else if (code === 0x3c) index = data.indexOf('>', index) < 0 ? data.length : data.indexOf('>', index) + 1;
      else index++;
      yield { kind: 'other', text: data.slice(start, index), start, end: index };
      continue;
    }
    if (code === 0x2f) {
      index++;
      while (index < data.length && isRegular(data.charCodeAt(index))) index++;
      yield { kind: 'name', text: data.slice(start + 1, index), start, end: index };
      continue;
    }
    if (DELIMITERS.has(code)) {
      index++;
      yield { kind: 'other', text: data.slice(start, index), start, end: index };
      continue;
    }
    while (index < data.length && isRegular(data.charCodeAt(index))) index++;
    const text = data.slice(start, index);
    if (/^[-+]?(?:\d+\.?\d*|\.\d+)$/.test(text)) {
      yield { kind: 'number', text, start, end: index };
      continue;
    }
    yield { kind: 'operator', text, start, end: index };
    if (text === 'ID') {
      // Inline image data is binary: skip it whole (one whitespace byte follows ID).
      index = inlineImageEnd(data, index + 1);
    }
  }
}

/** The names in `data` (PDF syntax), as written: without their slash, #xx escapes kept; strings are passed over. */
export function pdfNames(data: string): string[] {
  const names: string[] = [];
  for (const token of tokens(data)) if (token.kind === 'name') names.push(token.text);
  return names;
}

function formatGray(gray: number): string {
  return String(Math.round(gray * 1000) / 1000);
}

/**
 * `content` (a decoded content stream, latin1) with `c1 .. cn /P scn` (and `SCN`) operands in the given spaces
 * replaced by their gray level; undefined when nothing needed it. The current fill and stroke spaces are followed
 * through `cs`/`CS`, the device colour operators and `q`/`Q`.
 */
export function grayPatternOperands(content: string, spaces: PatternSpaces): string | undefined {
  const pieces: string[] = [];
  let copiedTo = 0;
  let operands: Token[] = [];
  let fill: string | undefined;
  let stroke: string | undefined;
  const saved: (string | undefined)[][] = [];
  for (const token of tokens(content)) {
    if (token.kind !== 'operator') {
      operands.push(token);
      continue;
    }
    const last = operands[operands.length - 1];
    switch (token.text) {
      case 'cs':
      case 'CS': {
        const name = last?.kind === 'name' ? last.text : undefined;
        if (token.text === 'cs') fill = name;
        else stroke = name;
        break;
      }
      case 'g':
      case 'rg':
      case 'k':
        fill = undefined;
        break;
      case 'G':
      case 'RG':
      case 'K':
        stroke = undefined;
        break;
      case 'q':
        saved.push([fill, stroke]);
        break;
      case 'Q': {
        // An unmatched Q is an error viewers pass over: the state stays as it is.
        const restored = saved.pop();
        if (restored) [fill, stroke] = restored;
        break;
      }
      case 'scn':
      case 'SCN': {
        const space = spaces.get((token.text === 'scn' ? fill : stroke) ?? '');
        const components = operands.slice(0, -1);
        if (
          space &&
          last?.kind === 'name' &&
          components.length === space.components &&
          components.every((operand) => operand.kind === 'number')
        ) {
          const gray = space.gray(components.map((operand) => Number(operand.text)));
          pieces.push(content.slice(copiedTo, components[0]!.start), formatGray(gray));
          copiedTo = components[components.length - 1]!.end;
        }
        break;
      }
    }
    operands = [];
  }
  if (pieces.length === 0) return undefined;
  pieces.push(content.slice(copiedTo));
  return pieces.join('');
}
