/** The slice of jsdom the render bench uses (the package ships no types, and @types/jsdom is not a dependency). */
declare module 'jsdom' {
  export class JSDOM {
    constructor(html: string, options?: { url?: string; pretendToBeVisual?: boolean });
    readonly window: Window & typeof globalThis;
  }
}
