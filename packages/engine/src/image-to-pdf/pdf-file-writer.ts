import { type FileHandle, open } from 'node:fs/promises';
import { type PdfDict, PdfRef, serialise } from '@paperknife/qpdf-jobs/pdf-syntax';

/**
 * Writes a PDF to a file object by object, so an image's bytes are on disk (and out of memory) before the next
 * image is decoded. Object numbers can be reserved before their object is written (the page tree, which the
 * pages point to, is written last).
 */
export class PdfFileWriter {
  private readonly offsets: number[] = [];
  private position = 0;

  private constructor(private readonly handle: FileHandle) {}

  static async create(path: string): Promise<PdfFileWriter> {
    const writer = new PdfFileWriter(await open(path, 'w'));
    // The binary comment tells transfer programs that the file is not text.
    await writer.write(Buffer.from('%PDF-1.7\n%\xe2\xe3\xcf\xd3\n', 'latin1'));
    return writer;
  }

  reserve(): PdfRef {
    this.offsets.push(-1);
    return new PdfRef(this.offsets.length);
  }

  async add(dict: PdfDict, stream?: Uint8Array, ref = this.reserve()): Promise<PdfRef> {
    this.offsets[ref.id - 1] = this.position;
    const head = stream ? serialise({ ...dict, Length: stream.byteLength }) : serialise(dict);
    await this.write(Buffer.from(`${ref.id} 0 obj\n${head}\n`, 'latin1'));
    if (stream) {
      await this.write(Buffer.from('stream\n', 'latin1'));
      await this.write(stream);
      await this.write(Buffer.from('\nendstream', 'latin1'));
    }
    await this.write(Buffer.from('\nendobj\n', 'latin1'));
    return ref;
  }

  /** Writes the cross-reference table and trailer, and closes the file. */
  async finish(root: PdfRef, info?: PdfRef): Promise<void> {
    const xref = this.position;
    const rows = this.offsets.map((offset) => {
      if (offset < 0) throw new Error('A reserved PDF object was never written.');
      return `${String(offset).padStart(10, '0')} 00000 n \n`;
    });
    const trailer = serialise({ Size: this.offsets.length + 1, Root: root, Info: info });
    const tail = `xref\n0 ${this.offsets.length + 1}\n0000000000 65535 f \n${rows.join('')}trailer\n${trailer}\nstartxref\n${xref}\n%%EOF\n`;
    await this.write(Buffer.from(tail, 'latin1'));
    await this.handle.close();
  }

  /** Closes the file without finishing it (a failed job; the job folder is removed anyway). */
  async abandon(): Promise<void> {
    await this.handle.close();
  }

  private async write(bytes: Uint8Array): Promise<void> {
    let written = 0;
    while (written < bytes.byteLength) {
      const { bytesWritten } = await this.handle.write(bytes, written);
      written += bytesWritten;
    }
    this.position += bytes.byteLength;
  }
}
