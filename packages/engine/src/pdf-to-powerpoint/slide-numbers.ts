import type { Slide, SlideItem, SlideText } from './slide-model.js';

/**
 * Slide numbers go after the slide's other text. A PDF draws what a slide takes from its master (the number among
 * it) before the slide's own shapes, while PowerPoint lists the number's placeholder after them: read in the order
 * the page draws it, every slide would start with its number.
 */

/**
 * A box of one short line holding a number, set no larger than most of the deck's text: what a slide number looks
 * like (`7`, `Page 7`, `7 / 28`), where a title numbered from slide to slide (`Step 7`) is set larger.
 */
const NUMBER_BOX = /^\D{0,12}?(\d{1,4})(?:\D{0,12}|\s*\/\s*\d{1,4})$/;
/** How far apart (points) the same box may sit on two slides. */
const SAME_PLACE = 4;
/** A number found on at least this share of the slides (and on two or more) is the slides' numbering. */
const ON_SHARE = 0.4;

interface Candidate {
  slide: number;
  item: SlideText;
  /** The text with its number stood in for, and the number less the slide's: the same on every slide. */
  key: string;
  middle: number;
}

function candidate(slide: number, item: SlideItem, bodySize: number): Candidate | undefined {
  if (item.kind !== 'text' || item.lines.length !== 1) return undefined;
  const spans = item.lines[0]!.spans;
  if (spans.some((span) => span.size > bodySize)) return undefined;
  const text = spans
    .map((span) => span.text)
    .join('')
    .trim();
  const match = NUMBER_BOX.exec(text);
  if (!match) return undefined;
  const offset = Number(match[1]) - slide;
  return { slide, item, key: `${text.replace(/\d+/g, '#')}|${offset}`, middle: (item.y0 + item.y1) / 2 };
}

/** The slides with each slide number moved after the slide's other items (the slides are changed in place). */
export function putSlideNumbersLast(slides: Slide[]): void {
  if (slides.length < 2) return;
  // The size most of the deck's text is set in.
  const characters = new Map<number, number>();
  for (const item of slides.flatMap((slide) => slide.items)) {
    if (item.kind !== 'text') continue;
    for (const span of item.lines.flatMap((line) => line.spans)) {
      characters.set(span.size, (characters.get(span.size) ?? 0) + span.text.length);
    }
  }
  const bodySize = [...characters.entries()].sort((a, b) => b[1] - a[1])[0]?.[0] ?? 0;
  const groups = new Map<string, Candidate[]>();
  slides.forEach((slide, index) => {
    for (const item of slide.items) {
      const found = candidate(index, item, bodySize);
      if (found) groups.set(found.key, [...(groups.get(found.key) ?? []), found]);
    }
  });
  const numbers = new Set<SlideItem>();
  for (const group of groups.values()) {
    // Where most of them sit: the same place on every slide.
    const places = new Map<number, number>();
    for (const { middle } of group) {
      const at = Math.round(middle / SAME_PLACE);
      places.set(at, (places.get(at) ?? 0) + 1);
    }
    const [place] = [...places.entries()].sort((a, b) => b[1] - a[1])[0]!;
    const inPlace = group.filter(({ middle }) => Math.abs(middle - place * SAME_PLACE) <= SAME_PLACE);
    const onSlides = new Set(inPlace.map(({ slide }) => slide)).size;
    if (onSlides < 2 || onSlides < ON_SHARE * slides.length) continue;
    inPlace.forEach(({ item }) => numbers.add(item));
  }
  if (numbers.size === 0) return;
  for (const slide of slides) {
    slide.items = [
      ...slide.items.filter((item) => !numbers.has(item)),
      ...slide.items.filter((item) => numbers.has(item)),
    ];
  }
}
