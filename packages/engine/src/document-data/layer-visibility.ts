import type * as mupdf from 'mupdf';
import { nameOf } from '../mupdf/pdf-objects.js';

/**
 * Whether content marked with an optional content membership dictionary (OCMD) shows in the default view, from the
 * layers (OCGs) that view hides. The membership comes from the document (a /Properties entry) or from a dictionary
 * written inline in a content stream (`/OC << ... >> BDC`).
 */

/** A visibility expression (/VE): a layer, or /And, /Or, /Not of expressions. */
export type VisibilityExpression = number | { op: 'And' | 'Or' | 'Not'; operands: VisibilityExpression[] };

export interface Membership {
  /** The layers' object numbers. */
  layers: number[];
  /** /P: AnyOn (the default), AllOn, AnyOff or AllOff. */
  policy: string;
  /** /VE, which takes precedence over /OCGs and /P (PDF 2.0, 8.11.2.2). */
  expression?: VisibilityExpression;
}

const MAX_DEPTH = 16;

function visible(expression: VisibilityExpression, hidden: ReadonlySet<number>, depth = 0): boolean {
  if (typeof expression === 'number') return !hidden.has(expression);
  // Deeper than any real document nests: read as shown, so content is never removed on a guess.
  if (depth > MAX_DEPTH) return true;
  const values = expression.operands.map((operand) => visible(operand, hidden, depth + 1));
  if (expression.op === 'Not') return !(values[0] ?? false);
  if (expression.op === 'And') return values.every(Boolean);
  return values.some(Boolean);
}

/** Whether the default view hides what the membership marks. */
export function membershipHidden(membership: Membership, hidden: ReadonlySet<number>): boolean {
  if (membership.expression !== undefined) return !visible(membership.expression, hidden);
  const { layers } = membership;
  if (layers.length === 0) return false;
  const off = layers.filter((layer) => hidden.has(layer)).length;
  switch (membership.policy) {
    case 'AllOn':
      return off > 0;
    case 'AnyOff':
      return off === 0;
    case 'AllOff':
      return off < layers.length;
    default:
      return off === layers.length;
  }
}

/** An OCMD of the document as a Membership; undefined for anything else. */
export function documentMembership(value: mupdf.PDFObject): Membership | undefined {
  if (!value.isDictionary() || nameOf(value.get('Type')) !== 'OCMD') return undefined;
  const groups = value.get('OCGs');
  const items = groups.isArray() ? Array.from({ length: groups.length }, (_, i) => groups.get(i)) : [groups];
  const expression = documentExpression(value.get('VE'), 0);
  return {
    layers: items.filter((item) => item.isIndirect()).map((item) => item.asIndirect()),
    policy: nameOf(value.get('P')) ?? 'AnyOn',
    ...(expression === undefined ? {} : { expression }),
  };
}

function documentExpression(value: mupdf.PDFObject, depth: number): VisibilityExpression | undefined {
  if (value.isIndirect() && value.isDictionary()) return value.asIndirect();
  if (!value.isArray() || value.length === 0 || depth > MAX_DEPTH) return undefined;
  const op = nameOf(value.get(0));
  if (op !== 'And' && op !== 'Or' && op !== 'Not') return undefined;
  const operands: VisibilityExpression[] = [];
  for (let i = 1; i < value.length; i++) {
    const operand = documentExpression(value.get(i), depth + 1);
    if (operand === undefined) return undefined;
    operands.push(operand);
  }
  return { op, operands };
}

/** A value of a dictionary written in a content stream: numbers, names (with their slash), references, arrays, dictionaries. */
type InlineValue = number | string | { ref: number } | InlineValue[] | Map<string, InlineValue> | null;

/** The membership an inline `<< ... >>` property list describes, or undefined when it is not an OCMD. */
export function inlineMembership(dictionary: string): Membership | undefined {
  const parsed = parseInline(dictionary);
  if (!(parsed instanceof Map) || parsed.get('/Type') !== '/OCMD') return undefined;
  const groups = parsed.get('/OCGs');
  const items = Array.isArray(groups) ? groups : [groups];
  const policy = parsed.get('/P');
  const expression = inlineExpression(parsed.get('/VE'), 0);
  return {
    layers: items.flatMap((item) => (isRef(item) ? [item.ref] : [])),
    policy: typeof policy === 'string' ? policy.slice(1) : 'AnyOn',
    ...(expression === undefined ? {} : { expression }),
  };
}

const isRef = (value: InlineValue | undefined): value is { ref: number } =>
  typeof value === 'object' && value !== null && !Array.isArray(value) && !(value instanceof Map);

function inlineExpression(value: InlineValue | undefined, depth: number): VisibilityExpression | undefined {
  if (isRef(value)) return value.ref;
  if (!Array.isArray(value) || depth > MAX_DEPTH) return undefined;
  const [op, ...rest] = value;
  if (op !== '/And' && op !== '/Or' && op !== '/Not') return undefined;
  const operands = rest.map((operand) => inlineExpression(operand, depth + 1));
  if (operands.some((operand) => operand === undefined)) return undefined;
  return { op: op.slice(1) as 'And' | 'Or' | 'Not', operands: operands as VisibilityExpression[] };
}

/**
 * Parses a dictionary as written in a content stream. Strictly such a dictionary holds only direct objects, but
 * producers write `n g R` references in them too, and readers follow those; strings are read as null.
 */
function parseInline(text: string): InlineValue {
  const tokens =
    text.match(/<<|>>|\[|\]|\/[^\s/<>[\]()%{}]*|\((?:\\.|[^\\)])*\)|<[0-9a-fA-F\s]*>|[^\s/<>[\]()%{}]+/g) ?? [];
  let at = 0;
  const value = (depth: number): InlineValue => {
    const token = tokens[at++];
    if (token === undefined || depth > MAX_DEPTH) return null;
    if (token === '<<') {
      const dict = new Map<string, InlineValue>();
      while (at < tokens.length && tokens[at] !== '>>') {
        const key = tokens[at++]!;
        dict.set(key, value(depth + 1));
      }
      at++;
      return dict;
    }
    if (token === '[') {
      const list: InlineValue[] = [];
      while (at < tokens.length && tokens[at] !== ']') list.push(value(depth + 1));
      at++;
      return list;
    }
    if (token.startsWith('/')) return token;
    if (/^[+-]?(\d+\.?\d*|\.\d+)$/.test(token)) {
      // `n g R`: a reference.
      if (/^\d+$/.test(token) && /^\d+$/.test(tokens[at] ?? '') && tokens[at + 1] === 'R') {
        at += 2;
        return { ref: Number(token) };
      }
      return Number(token);
    }
    return null;
  };
  return value(0);
}
