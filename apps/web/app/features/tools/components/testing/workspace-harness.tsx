import { ToolError } from '@paperknife/catalog/errors';
import { type ToolId, toolPaths, tools } from '@paperknife/catalog/tools';
import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from 'react-router';
import { afterAll, afterEach, beforeAll, beforeEach, expect, vi } from 'vitest';
import { ToolWorkspace } from '~/features/tools/components/tool-workspace';
import { installBlobStream } from '~/testing/blob-stream';
import { type FakeXhr, installFakeXhr, latestRequest } from '~/testing/fake-xhr';
import { sampleFile } from '~/testing/sample-files';

/**
 * What the workspace's tests share: a tool's workspace rendered against a fake server (XMLHttpRequest), and the
 * downloads it starts. Each test file mocks the toast and pdf.js itself (a `vi.mock` belongs in the test file).
 */

/** The downloads the workspace started since the test began. */
export const downloads: { name: string; url: string }[] = [];
/** The blobs handed to URL.createObjectURL: what the downloads hold. */
export const savedBlobs: Blob[] = [];

/** Registers the fakes each workspace test needs around it. */
export function setUpWorkspaceTests(): void {
  let removeBlobStream: () => void;
  let removeFakeXhr: () => void;
  beforeAll(() => {
    removeBlobStream = installBlobStream();
  });
  // The form's chunk loads once a file comes (decision 074); loading it here keeps its first import out of the
  // first test's time limit, as when the workspace imported it directly.
  beforeAll(async () => {
    await import('~/features/tools/components/workspace-form');
  });
  afterAll(() => removeBlobStream());
  beforeEach(() => {
    removeFakeXhr = installFakeXhr();
    downloads.length = 0;
    savedBlobs.length = 0;
    vi.spyOn(URL, 'createObjectURL').mockImplementation((blob) => {
      savedBlobs.push(blob as Blob);
      return 'blob:http://localhost/result';
    });
    vi.spyOn(URL, 'revokeObjectURL').mockReturnValue(undefined);
    // jsdom cannot navigate to a blob URL: record the download the temporary link starts instead.
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      downloads.push({ name: this.download, url: this.href });
    });
  });
  afterEach(() => {
    removeFakeXhr();
    vi.restoreAllMocks();
    vi.clearAllMocks();
  });
}

export function renderTool(id: ToolId) {
  const user = userEvent.setup({ applyAccept: false });
  render(
    <MemoryRouter initialEntries={[toolPaths(id).canonical]}>
      <ToolWorkspace id={id} />
    </MemoryRouter>,
  );
  return user;
}

export const fileInput = () => screen.getByTestId<HTMLInputElement>('file-input');
export const dropZone = () => screen.getByRole('button', { name: /^Drag & drop/ });

/** What a browser's drag event carries for dragged files. */
export const dragData = (files: File[]) => ({
  dataTransfer: {
    files,
    types: ['Files'],
    items: files.map((file) => ({ kind: 'file', type: file.type, getAsFile: () => file })),
  },
});

/**
 * Waits until `count` files are checked, and until the option form's chunk (which the workspace starts loading once
 * a file comes) has landed: the Ready marks could come first, and a test looking for options then found none.
 */
export const readyMark = async (count = 1) => {
  await waitFor(() => expect(screen.getAllByRole('img', { name: 'Ready' })).toHaveLength(count));
  await act(async () => {
    await import('~/features/tools/components/workspace-form');
  });
};
export const actionButton = (id: ToolId) => screen.queryByRole('button', { name: tools[id].actionLabel });

/** Makes the browser's reading of `file` stop after its first slice until the returned function is called. */
export function holdReading(file: File): () => void {
  let release!: () => void;
  const gate = new Promise<void>((resolve) => (release = resolve));
  const stream = file.stream.bind(file);
  file.stream = () => {
    const reader = stream().getReader();
    let first = true;
    return new ReadableStream(
      {
        async pull(controller) {
          if (!first) await gate;
          first = false;
          const { done, value } = await reader.read();
          if (done) controller.close();
          else controller.enqueue(value);
        },
      },
      { highWaterMark: 0 },
    );
  };
  return release;
}

/** The form the page sent, as name -> values (files by name). */
export function sentFields(request: FakeXhr): Record<string, string[]> {
  const form = request.body as FormData;
  const fields: Record<string, string[]> = {};
  for (const [name, value] of form.entries()) {
    (fields[name] ??= []).push(typeof value === 'string' ? value : `file:${value.name}`);
  }
  return fields;
}

/** The message the catalogue's schema gives for options it refuses. */
export function catalogueMessage(parse: () => unknown): string {
  try {
    parse();
  } catch (error) {
    if (error instanceof ToolError) return error.message;
    throw error;
  }
  throw new Error('The catalogue accepted the options.');
}

export const pdfResponse = () => new Blob(['%PDF-1.7 result'], { type: 'application/pdf' });
export const attachment = (name: string) => `attachment; filename="${name}"; filename*=UTF-8''${name}`;

/**
 * Chooses a PDF in the tool's workspace, presses the action and answers with the tool's download and `headers`:
 * what a result view reads. Returns the request, for what was sent.
 */
export async function runAndAnswer(
  id: ToolId,
  headers: Record<string, string>,
  file = sampleFile('pdf', 'document.pdf'),
): Promise<FakeXhr> {
  const user = renderTool(id);
  await user.upload(fileInput(), file);
  await readyMark();
  await user.click(actionButton(id)!);
  const request = latestRequest();
  const { name, contentType } = tools[id].download;
  request.respond(200, new Blob(['result'], { type: contentType }), {
    'Content-Disposition': attachment(name),
    ...headers,
  });
  return request;
}
