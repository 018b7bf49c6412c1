// The demo replay the build records (vite-plugin-demo-replay.ts). An ambient module cannot
// import a relative path, so the type comes in through `import()`.
declare module 'virtual:demo-replay' {
  // eslint-disable-next-line @typescript-eslint/consistent-type-imports
  const replay: import('./demo-replay.js').DemoReplay;
  export default replay;
}
