import { existsSync, readdirSync } from 'node:fs';
import { join } from 'node:path';

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

const NOTO = '/usr/share/fonts/truetype/noto';
const NOTO_CJK = '/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc';
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
export function cjkFaceFor(text: string): FontFace {
  const index = /[\p{Script=Hiragana}\p{Script=Katakana}]/u.test(text)
    ? CJK_FACE.japanese
    : /\p{Script=Hangul}/u.test(text)
      ? CJK_FACE.korean
      : CJK_FACE.simplifiedChinese;
  return { path: NOTO_CJK, index };
}

const chains = new Map<string, FontFace[]>();

/**
 * The fonts to try, in order, for one character: its script's own Noto font first, then the primary font, the
 * CJK face `cjk` for ideographs, kana and hangul, then fonts of wide coverage.
 */
export function fallbackChain(char: string, cjk: FontFace): FontFace[] {
  const key = `${cjk.index}:${char}`;
  let chain = chains.get(key);
  if (!chain) {
    const own = [...scriptFonts()].filter(([script]) => inScript(char, script)).map(([, face]) => face);
    const ideographic = HAN_OR_KANA_OR_HANGUL.test(char);
    chain = [...own, ...(ideographic ? [cjk] : []), ...PRIMARY, ...GENERAL, ...(ideographic ? [] : [cjk])].filter(
      present,
    );
    chains.set(key, chain);
  }
  return chain;
}

export const sameFace = (a: FontFace, b: FontFace) => a.path === b.path && a.index === b.index;
