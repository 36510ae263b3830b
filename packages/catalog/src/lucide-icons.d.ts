/**
 * Each lucide icon is a module of its own. The catalogue imports icons one by one from there: lucide's main entry
 * holds every icon (some 4,000), which the server would load, parse and keep for the two dozen the tools show.
 */
declare module 'lucide/dist/esm/icons/*.mjs' {
  import type { IconNode } from 'lucide';

  const icon: IconNode;
  export default icon;
}
