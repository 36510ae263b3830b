import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';
import type { TextFont } from '@paperknife/catalog/tools/add-text-images';

/**
 * The fonts stamped text may use, all from Debian packages the setup and the Dockerfile install (fonts-noto-core,
 * fonts-noto-cjk, fonts-dejavu-core, fonts-liberation). Each character gets the first font in its fallback chain
 * that has a glyph for it (docs/decisions/140).
 */

export interface FontFace {
  path: string;
  /** The face inside a font collection (.ttc); 0 for a plain font file. */
  index: number;
}

/** The look asked for: a type family and its weight. Letters the family lacks come from the script's Noto font. */
export interface FontStyle {
  family: TextFont;
  bold: boolean;
}

/** Watermarks' and page numbers' style. */
export const PLAIN_STYLE: FontStyle = { family: 'sans', bold: false };

const NOTO = '/usr/share/fonts/truetype/noto';
const NOTO_CJK_FOLDER = '/usr/share/fonts/opentype/noto';
const NOTO_CJK = join(NOTO_CJK_FOLDER, 'NotoSansCJK-Regular.ttc');
const DEJAVU = '/usr/share/fonts/truetype/dejavu';
const LIBERATION = '/usr/share/fonts/truetype/liberation';
/** Faces of NotoSansCJK-Regular.ttc: the same ideographs drawn the way each language writes them. */
const CJK_FACE = { japanese: 0, korean: 1, simplifiedChinese: 2 } as const;

/** Tried first for Latin, Greek, Cyrillic, and for digits and punctuation that no neighbour's font covers. */
const PRIMARY: FontFace[] = [{ path: join(NOTO, 'NotoSans-Regular.ttf'), index: 0 }];
/** Tried after the script's own font: wide coverage of symbols and less common letters. */
const GENERAL: FontFace[] = [
  '/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf',
  join(NOTO, 'NotoSansSymbols-Regular.ttf'),
  join(NOTO, 'NotoSansSymbols2-Regular.ttf'),
  join(NOTO, 'NotoSansMath-Regular.ttf'),
  '/usr/share/fonts/truetype/liberation/LiberationSans-Regular.ttf',
].map((path) => ({ path, index: 0 }));

const present = (face: FontFace) => existsSync(face.path);

const weightName = (style: FontStyle) => (style.bold ? 'Bold' : 'Regular');

/** The family's own fonts, tried before the plain primary font. */
function familyFaces(style: FontStyle): FontFace[] {
  const weight = weightName(style);
  const paths = {
    sans: [join(NOTO, `NotoSans-${weight}.ttf`)],
    serif: [join(NOTO, `NotoSerif-${weight}.ttf`), join(LIBERATION, `LiberationSerif-${weight}.ttf`)],
    mono: [
      join(DEJAVU, style.bold ? 'DejaVuSansMono-Bold.ttf' : 'DejaVuSansMono.ttf'),
      join(LIBERATION, `LiberationMono-${weight}.ttf`),
    ],
  }[style.family];
  return paths.map((path) => ({ path, index: 0 }));
}

/** A script's font in the style: its serif or bold cut when Noto has one, else its regular sans font. */
function styledScriptFace(script: string, regular: FontFace, style: FontStyle): FontFace {
  const weight = weightName(style);
  const names = [
    ...(style.family === 'serif' ? [`NotoSerif${script}-${weight}.ttf`] : []),
    `NotoSans${script}-${weight}.ttf`,
  ];
  return names.map((name) => ({ path: join(NOTO, name), index: 0 })).find(present) ?? regular;
}

let scriptFontsCache: Map<string, FontFace> | undefined;

/**
 * Noto ships one sans font per script, named after the Unicode script (NotoSansArabic, NotoSansDevanagari, ...):
 * script name -> font. Names that are not Unicode script names (Symbols, Math, ...) are left out.
 */
function scriptFonts(): Map<string, FontFace> {
  if (scriptFontsCache) return scriptFontsCache;
  const fonts = new Map<string, FontFace>();
  const names = existsSync(NOTO) ? readdirSync(NOTO) : [];
  for (const name of names) {
    const match = /^NotoSans([A-Za-z]+)-Regular\.ttf$/.exec(name);
    if (!match || match[1]!.endsWith('UI')) continue;
    const script = match[1]!;
    try {
      new RegExp(`\\p{Script=${script}}`, 'u');
      fonts.set(script, { path: join(NOTO, name), index: 0 });
    } catch {
      // Not a script name.
    }
  }
  scriptFontsCache = fonts;
  return fonts;
}

const scriptTests = new Map<string, RegExp>();
function inScript(char: string, script: string): boolean {
  let test = scriptTests.get(script);
  if (!test) {
    test = new RegExp(`\\p{Script_Extensions=${script}}`, 'u');
    scriptTests.set(script, test);
  }
  return test.test(char);
}

const HAN_OR_KANA_OR_HANGUL =
  /[\p{Script=Han}\p{Script=Hiragana}\p{Script=Katakana}\p{Script=Hangul}\p{Script=Bopomofo}]/u;

/**
 * The CJK face for a text: kana means Japanese, hangul Korean, otherwise Chinese (simplified). The whole text uses
 * one face so its ideographs match.
 */
export function cjkFaceFor(text: string, style: FontStyle = PLAIN_STYLE): FontFace {
  const index = /[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text)
    ? CJK_FACE.japanese
    : /\p{Script=Hangul}/u.test(text)
      ? CJK_FACE.korean
      : CJK_FACE.simplifiedChinese;
  // The serif and bold collections hold the same faces in the same order.
  const styled = join(
    NOTO_CJK_FOLDER,
    `Noto${style.family === 'serif' ? 'Serif' : 'Sans'}CJK-${weightName(style)}.ttc`,
  );
  return { path: existsSync(styled) ? styled : NOTO_CJK, index };
}

const chains = new Map<string, FontFace[]>();

/**
 * The fonts to try, in order, for one character: its script's own Noto font first, then the primary font, the
 * CJK face `cjk` for ideographs, kana and hangul, then fonts of wide coverage.
 */
export function fallbackChain(char: string, cjk: FontFace, style: FontStyle = PLAIN_STYLE): FontFace[] {
  const key = `${cjk.path}#${cjk.index}:${style.family}:${style.bold}:${char}`;
  let chain = chains.get(key);
  if (!chain) {
    const own = [...scriptFonts()]
      .filter(([script]) => inScript(char, script))
      .map(([script, face]) => styledScriptFace(script, face, style));
    const ideographic = HAN_OR_KANA_OR_HANGUL.test(char);
    const primary = [...familyFaces(style), ...PRIMARY];
    const candidates = [...own, ...(ideographic ? [cjk] : []), ...primary, ...GENERAL, ...(ideographic ? [] : [cjk])];
    chain = candidates
      .filter(present)
      .filter((face, index, all) => all.findIndex((other) => sameFace(other, face)) === index);
    chains.set(key, chain);
  }
  return chain;
}

export const sameFace = (a: FontFace, b: FontFace) => a.path === b.path && a.index === b.index;
