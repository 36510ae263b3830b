import { beforeAll, describe, expect, it } from 'vitest';
import { loadTranslator, loadedTranslator } from '~/i18n/translators';
import { breadcrumbTrail } from './breadcrumb-map';

const english = () => loadedTranslator('en');
const labels = (pathname: string, pageLabel?: string) =>
  breadcrumbTrail(pathname, english(), pageLabel).map((c) => c.label);

describe('breadcrumb trail', () => {
  it('is a single crumb on home, so the bar hides', () => {
    expect(labels('/')).toEqual(['Home']);
  });

  it('puts top-level pages under Home with the seed labels', () => {
    expect(labels('/tools')).toEqual(['Home', 'PDF Tools']);
    expect(labels('/privacy')).toEqual(['Home', 'Privacy Policy']);
    expect(labels('/terms/')).toEqual(['Home', 'Terms of Service']);
  });

  it('puts tools under PDF Tools at both of their paths', () => {
    expect(labels('/page-numbers')).toEqual(['Home', 'PDF Tools', 'Add Page Numbers']);
    expect(breadcrumbTrail('/tools/merge-pdf', english()).map((c) => c.path)).toEqual(['/', '/tools', '/merge-pdf']);
    expect(labels('/extract-text')).toEqual(['Home', 'PDF Tools', 'Extract Text']);
    expect(labels('/secure-pdf')).toEqual(['Home', 'PDF Tools', 'Protect PDF']);
  });

  it('names guides and articles by their own title under their section', () => {
    expect(labels('/guides/how-to-merge-pdf-files', 'How to Merge PDF Files')).toEqual([
      'Home',
      'Guides',
      'How to Merge PDF Files',
    ]);
    expect(labels('/blog/pdf-vs-word-guide', 'PDF vs Word')).toEqual(['Home', 'Blog', 'PDF vs Word']);
  });

  it('has no trail for unknown paths', () => {
    expect(labels('/no-such-page')).toEqual([]);
  });

  describe('in another language', () => {
    beforeAll(async () => {
      await loadTranslator('de');
    });

    it('links within the language and speaks it', () => {
      const german = loadedTranslator('de');
      const trail = breadcrumbTrail('/de/tools/merge-pdf', german);
      expect(trail.map((c) => c.path)).toEqual(['/de', '/de/tools', '/de/merge-pdf']);
      expect(trail.map((c) => c.label)).toEqual([
        german.t('page.home.crumb'),
        german.t('page.tools.crumb'),
        german.t('tool.merge-pdf.title'),
      ]);
    });
  });
});
