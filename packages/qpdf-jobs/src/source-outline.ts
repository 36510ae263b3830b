/** An outline item as `qpdf --json=2 --json-key=outlines` describes it. */
export interface JsonOutline {
  title: string;
  /** A destination array, a dictionary holding one under /D (named destinations), or null. */
  dest: unknown;
  destpageposfrom1: number | null;
  open: boolean;
  kids: JsonOutline[];
}

/** A source's outline: its items, and its pages' object references, to resolve destinations by. */
export interface SourceOutline {
  items: readonly JsonOutline[];
  pageRefs: readonly string[];
}
