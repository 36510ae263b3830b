import { TEXT_SIZE } from '@paperknife/catalog/tools/add-text-images';
import type { PageBox } from '~/features/tools/page-view/page-box';
import type { PreviewItem } from '~/features/tools/page-view/page-items-placement';

/** Add Text and Images' items as the page edits them, and the request they make. */

/** An item being edited: a text box, or a picture with the file it shows. */
export interface EditedItem extends Omit<PreviewItem, 'label' | 'pictureUrl'> {
  page: number;
  picture?: { file: File; url: string };
}

export const PICTURE_TYPES = ['image/png', 'image/jpeg'];
export const NEW_TEXT_BOX: PageBox = { x: 0.1, y: 0.1, width: 0.5, height: 0.08 };
/** A new picture's width, as a fraction of the page's; its height follows its proportions. */
export const NEW_PICTURE_WIDTH = 0.3;

const round = (value: number) => Math.round(value * 10_000) / 10_000;

const HEX_COLOUR = /^#[0-9a-f]{6}$/i;

/**
 * The items as the API takes them (text boxes with words in them, sizes within bounds, colours being typed sent as
 * black until they are whole), and the pictures to upload, numbered in the order the items use them.
 */
export function requestOf(items: readonly EditedItem[]): { json: string; count: number; pictures: File[] } {
  const pictures: File[] = [];
  const sent = items
    .filter((item) => (item.kind === 'image' ? item.picture !== undefined : item.text.trim() !== ''))
    .map((item) => {
      const box = {
        x: round(item.box.x),
        y: round(item.box.y),
        width: round(item.box.width),
        height: round(item.box.height),
      };
      const base = { page: item.page, kind: item.kind, ...box, opacity: item.opacity };
      if (item.kind === 'text') {
        const { text, font, bold, align } = item;
        const size = Math.min(TEXT_SIZE.max, Math.max(TEXT_SIZE.min, item.size));
        const color = HEX_COLOUR.test(item.color) ? item.color.toLowerCase() : '#000000';
        return { ...base, text, font, size, color, bold, align };
      }
      let index = pictures.indexOf(item.picture!.file);
      if (index < 0) index = pictures.push(item.picture!.file) - 1;
      return { ...base, image: index };
    });
  return { json: sent.length > 0 ? JSON.stringify(sent) : '', count: sent.length, pictures };
}

/** A picture's width over its height, read by the browser; undefined when it cannot be read. */
export function aspectOf(url: string): Promise<number | undefined> {
  return new Promise((resolve) => {
    const image = new Image();
    image.onload = () => resolve(image.naturalHeight > 0 ? image.naturalWidth / image.naturalHeight : undefined);
    image.onerror = () => resolve(undefined);
    image.src = url;
  });
}
