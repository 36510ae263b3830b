import { toolIds, tools } from '@paperknife/catalog/tools';
import { describe, expect, it } from 'vitest';
import * as prebuilt from './tool-info.prebuilt';

describe('tool-info.prebuilt', () => {
  it('exports only JSON data, which the browser build receives as literals', () => {
    for (const [name, value] of Object.entries(prebuilt)) {
      expect(JSON.parse(JSON.stringify(value)), name).toStrictEqual(value);
    }
  });

  it('holds every catalogue tool in catalogue order, without its option schemas and the server-only facts', () => {
    expect(Object.keys(prebuilt.toolInfo)).toEqual(toolIds);
    for (const id of toolIds) {
      expect(prebuilt.toolInfo[id].title).toBe(tools[id].title);
      for (const serverOnly of ['options', 'apiExample', 'sampleOptions', 'readsPageContent']) {
        expect(prebuilt.toolInfo[id]).not.toHaveProperty(serverOnly);
      }
      const headers = (tools[id] as { responseHeaders?: { name: string }[] }).responseHeaders;
      expect(prebuilt.toolInfo[id].responseHeaders).toEqual(headers?.map((header) => header.name));
      expect(prebuilt.toolInfo[id].paths.canonical).toBe(`/${id}`);
    }
  });
});
