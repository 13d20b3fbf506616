// hls.js publishes types for its full build only; the light build (no alternate audio, in-manifest
// subtitles, EME or CMCD, none of which this player uses) has the same API.
declare module 'hls.js/light' {
  export * from 'hls.js';
  export { default } from 'hls.js';
}
