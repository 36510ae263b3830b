/**
 * How long the LibreOffice instance waits without a conversion before it stops; the next conversion starts it
 * again. Under the 60 s in which the idle footprint must be back under its bound (decision 025), with a margin.
 * A module of its own, exported as `@paperknife/engine/libreoffice-idle`, so the server's configuration takes its
 * default from here without loading the engine.
 */
export const LIBREOFFICE_IDLE_STOP_MS = 45_000;
