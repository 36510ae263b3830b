/** The built path of the islands' script (islands-entry.build.ts). */
declare module 'virtual:paperknife/islands-entry' {
  const islandsScript: string;
  export default islandsScript;
}
