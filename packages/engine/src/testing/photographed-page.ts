import sharp from 'sharp';

/** Where the sheet lies in a generated photo, and how it looks before any clean-up. */
export const photoFacts = {
  width: 1200,
  height: 900,
  /** The sheet before it is turned, and the grey of its paper: dim, as under a room's light. */
  sheet: { width: 560, height: 720, paper: 185 },
  /** The sheet is turned by this many degrees, as a hand-held photo is. */
  tilt: 4,
  /** The turned sheet's size, centred in the photo. */
  turnedSheet: { width: 609, height: 757 },
} as const;

/** A dark, uneven table top: grey levels 25 to 95, in blotches a few pixels wide. */
async function tableTop(width: number, height: number): Promise<Buffer> {
  const noise = Buffer.alloc((width / 4) * (height / 4));
  let seed = 12345;
  for (let i = 0; i < noise.length; i++) {
    seed = (seed * 1103515245 + 12345) & 0x7fffffff;
    noise[i] = 25 + (seed % 71);
  }
  return sharp(noise, { raw: { width: width / 4, height: height / 4, channels: 1 } })
    .resize(width, height, { kernel: 'nearest' })
    .toColourspace('srgb')
    .png()
    .toBuffer();
}

/**
 * A phone's photo of a printed page: a dim white sheet with lines of dark text, turned slightly, on a dark textured
 * table top, as a 72-dpi JPEG (so a page's size in points is the image's in pixels).
 */
export async function photographedPage(): Promise<Buffer> {
  const { width, height, sheet, tilt } = photoFacts;
  const lines = Array.from({ length: 14 }, (_, line) => ({
    input: { create: { width: line % 5 === 4 ? 260 : 440, height: 14, channels: 4, background: '#282828' } },
    left: 60,
    top: 70 + line * 44,
  }));
  const paper = await sharp({
    create: { ...sheet, channels: 4, background: { r: sheet.paper, g: sheet.paper, b: sheet.paper, alpha: 1 } },
  })
    .composite(lines as never)
    .png()
    .toBuffer();
  const turned = await sharp(paper)
    .rotate(tilt, { background: { r: 0, g: 0, b: 0, alpha: 0 } })
    .png()
    .toBuffer({ resolveWithObject: true });
  return sharp(await tableTop(width, height))
    .composite([
      {
        input: turned.data,
        left: Math.round((width - turned.info.width) / 2),
        top: Math.round((height - turned.info.height) / 2),
      },
    ])
    .jpeg({ quality: 90 })
    .withMetadata({ density: 72 })
    .toBuffer();
}

/** The same table top with no sheet on it, as a 72-dpi JPEG. */
export async function tableTopPhoto(): Promise<Buffer> {
  return sharp(await tableTop(photoFacts.width, photoFacts.height))
    .jpeg({ quality: 90 })
    .withMetadata({ density: 72 })
    .toBuffer();
}
