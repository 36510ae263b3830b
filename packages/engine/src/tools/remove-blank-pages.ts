import { writeFile } from 'node:fs/promises';
import { ToolError } from '@paperknife/catalog/errors';
import { selectPages } from '@paperknife/catalog/page-ranges';
import { tools } from '@paperknife/catalog/tools';
import type { BlankPageList } from '@paperknife/catalog/tools/remove-blank-pages';
import { mupdfPool } from '../mupdf/pool.js';
import { checkAfter } from '../preflight/check-after.js';
import { tempPath } from '../jobs/temp-path.js';
import { qpdfPageRange } from '../programs/qpdf.js';
import type { RenderTasks } from '../render/render-tasks.js';
import { requireOneFile } from '../jobs/single-file.js';
import type { ToolRunner } from '../jobs/tool-runner.js';

const pool = mupdfPool<RenderTasks>();

/**
 * Finds the pages whose ink is under the threshold (render/page-ink-task.ts) and either lists every page's ink for
 * review (`output: list`) or removes the pages: the ones the user chose (`pages`, picked from that list) or else
 * the blank ones, with qpdf as Delete Pages does.
 */
export const removeBlankPages: ToolRunner<'remove-blank-pages'> = async (files, options, context) => {
  const tool = tools['remove-blank-pages'];
  return checkAfter([requireOneFile(files)], context, {
    writtenBy: 'qpdf',
    outputs: (result) => (result.download === tool.download ? [{ path: result.path }] : []),
    run: async ({ sources: [input], qpdf }) => {
      const { pageCount } = await input!.opened;
      const needsInk = options.output === 'list' || options.pages === undefined;
      const { ink } = needsInk
        ? await pool.run(
            'page-ink',
            { input: input!.path },
            { signal: context.signal, timeoutMs: context.limits.jobTimeoutMs },
          )
        : { ink: [] };
      const blank = (page: number) => ink[page - 1]! < options.threshold;
      if (options.output === 'list') {
        const list: BlankPageList = {
          pageCount,
          threshold: options.threshold,
          pages: ink.map((share, index) => ({ page: index + 1, ink: round(share), blank: blank(index + 1) })),
        };
        const output = tempPath(context, 'blank-pages', '.json');
        await writeFile(output, JSON.stringify(list));
        return { path: output, download: tool.extraDownloads[0] };
      }
      const pages = Array.from({ length: pageCount }, (_, i) => i + 1);
      const doomed = new Set(options.pages === undefined ? pages.filter(blank) : selectPages(options.pages, pageCount));
      const kept = pages.filter((page) => !doomed.has(page));
      if (kept.length === 0) {
        throw new ToolError(
          'no_pages_left',
          options.pages === undefined ? 'Every page of this PDF is blank: there is nothing left to keep.' : undefined,
        );
      }
      const output = tempPath(context, 'blank-pages-removed');
      await qpdf(['--empty', '--pages', input!.path, qpdfPageRange(kept), '--', output]);
      return { path: output, download: tool.download };
    },
  });
};

const round = (share: number) => Math.round(share * 1000) / 1000;
