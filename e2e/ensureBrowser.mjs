// Before the end-to-end tests: the Chromium they drive (CHROMIUM_PATH, else Debian's /usr/bin/chromium). When it is
// missing and this runs as root on Debian or Ubuntu, it installs the distribution's package, as .ci/run does; otherwise
// it says what to install and stops, instead of failing every test. Playwright's own browser download cannot work on
// these machines, so it is never used.
import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';

const browser = process.env.CHROMIUM_PATH ?? '/usr/bin/chromium';
if (!existsSync(browser)) {
  const canInstall = !process.env.CHROMIUM_PATH && process.getuid?.() === 0 && existsSync('/usr/bin/apt-get');
  if (!canInstall) {
    console.error(
      `The end-to-end tests need Chromium at ${browser}. Install it (Debian/Ubuntu: sudo apt-get install -y chromium) ` +
        'or set CHROMIUM_PATH to a Chromium or Chrome, then run npm test again.',
    );
    process.exit(1);
  }
  console.log("Chromium is missing: installing Debian's chromium package (apt-get install -y chromium)...");
  const env = { ...process.env, DEBIAN_FRONTEND: 'noninteractive' };
  execFileSync('apt-get', ['update', '-qq'], { stdio: 'inherit', env });
  execFileSync('apt-get', ['install', '-y', '-qq', 'chromium'], { stdio: 'inherit', env });
}
