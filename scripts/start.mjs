// `npm start`: build the app and the server when the build is missing or older than the
// sources, then serve both on one port (PORT, default 3000).
import { spawn, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import { join } from 'node:path';

const outputs = ['dist/app/index.html', 'dist/server/main.js', 'dist/server/content-worker.js', 'dist/app/widget.js'];
const inputs = ['src', 'public', 'index.html', 'vite.config.ts', 'package.json', 'package-lock.json'];

function newest(path) {
  if (!existsSync(path)) return 0;
  const stat = statSync(path);
  if (!stat.isDirectory()) return stat.mtimeMs;
  return Math.max(stat.mtimeMs, ...readdirSync(path).map((name) => newest(join(path, name))));
}

const builtAt = Math.min(...outputs.map((path) => (existsSync(path) ? statSync(path).mtimeMs : 0)));
if (builtAt === 0 || Math.max(...inputs.map(newest)) > builtAt) {
  console.log('Building the app and the server…');
  const build = spawnSync('npm', ['run', '--silent', 'build'], { stdio: 'inherit' });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

// glibc keeps large freed blocks in its heaps (its mmap threshold grows each time one is freed),
// so after a burst of big mail the server would hold on to that memory; a fixed threshold gives
// blocks of 64 KiB and more back to the system. Other C libraries ignore the variable.
const env = { MALLOC_MMAP_THRESHOLD_: '65536', ...process.env };
const server = spawn(process.execPath, ['--enable-source-maps', 'dist/server/main.js'], { stdio: 'inherit', env });
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => server.kill(signal));
server.on('exit', (code, signal) => process.exit(code ?? (signal ? 0 : 1)));
