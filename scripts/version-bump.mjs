// `npm version <patch|minor|major|x.y.z>` runs this (package.json "version" script) after bumping package.json:
// manifest.json takes the new version, and versions.json maps it to the manifest's minAppVersion, as the
// community-plugin release flow expects (Obsidian reads versions.json to offer older users a compatible build).
//   node scripts/version-bump.mjs [--dir DIR]   (DIR defaults to the repository; the version comes from npm)
import { readFileSync, writeFileSync } from 'node:fs';
import * as path from 'node:path';

const dirArg = process.argv.indexOf('--dir');
const dir = dirArg > 0 ? path.resolve(process.argv[dirArg + 1]) : process.cwd();
const version = process.env.npm_package_version;
if (!version || !/^\d+\.\d+\.\d+$/.test(version)) {
  console.error(`version-bump: npm_package_version is ${JSON.stringify(version)}; run it through \`npm version\``);
  process.exit(2);
}

const readJson = (file) => /** @type {Record<string, unknown>} */ (JSON.parse(readFileSync(path.join(dir, file), 'utf8')));
const manifest = readJson('manifest.json');
const versions = readJson('versions.json');
const minAppVersion = manifest.minAppVersion;
if (typeof minAppVersion !== 'string') {
  console.error('version-bump: manifest.json has no minAppVersion');
  process.exit(2);
}
manifest.version = version;
versions[version] = minAppVersion;
writeFileSync(path.join(dir, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);
writeFileSync(path.join(dir, 'versions.json'), `${JSON.stringify(versions, null, 2)}\n`);
console.log(`version-bump: manifest.json ${version}, versions.json ${version} -> ${minAppVersion}`);
