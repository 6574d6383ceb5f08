// A minimal webpack loader for the fixture app: strips TypeScript with esbuild (no ts-loader needed).
const { transform } = require('esbuild');

module.exports = function esbuildTsLoader(source) {
  const callback = this.async();
  transform(source, { loader: 'ts', format: 'esm', sourcefile: this.resourcePath })
    .then((result) => callback(null, result.code))
    .catch(callback);
};
