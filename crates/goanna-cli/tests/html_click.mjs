// Clicks through a goanna-rs HTML report in headless Chromium (driven by playwright-core) and
// checks that the path of the clicked finding is shown. Run by `report_cli.rs`:
//
//   node html_click.mjs --playwright-core DIR --chromium BIN --report DIR --screenshot PNG --expect JSON
//
// JSON (what the page must show):
//   { "listed":  [N, ...],               // data-index of each list item, in order, before any click
//     "hidden":  [N, ...],               // findings that must not be listed (suppressed ones)
//     "click":   { "index": N,           // the first listed finding, the one clicked
//                  "message": "...",      // its message, shown in the detail title
//                  "steps": ["...", ...], // its path steps, in order
//                  "source": "..." } }    // a line of source shown around the finding
//
// Exits 0 when everything holds; otherwise prints `html_click: FAIL: ...` and exits 1 (2 for bad
// arguments). The page is opened over file:// and every other request is refused.
import { createRequire } from "node:module";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";

function usage(message) {
  console.error(`html_click: ${message}`);
  console.error("usage: node html_click.mjs --playwright-core DIR --chromium BIN --report DIR --screenshot PNG --expect JSON");
  process.exit(2);
}

const options = {};
const argv = process.argv.slice(2);
for (let i = 0; i < argv.length; i += 2) {
  if (!argv[i].startsWith("--") || argv[i + 1] === undefined) { usage(`bad argument ${argv[i]}`); }
  options[argv[i].slice(2)] = argv[i + 1];
}
for (const key of ["playwright-core", "chromium", "report", "screenshot", "expect"]) {
  if (!options[key]) { usage(`missing --${key}`); }
}
let expect;
try { expect = JSON.parse(options.expect); } catch (e) { usage(`--expect is not JSON: ${e.message}`); }

const { chromium } = createRequire(import.meta.url)(join(resolve(options["playwright-core"]), "index.js"));
const STEP = 30_000; // per wait, in ms; a loaded machine may be slow, a broken page fails anyway

class Failure extends Error {}
function check(condition, message) {
  if (!condition) { throw new Failure(message); }
}
const same = (a, b) => JSON.stringify(a) === JSON.stringify(b);

const pageErrors = [];
const refused = [];
let browser;
let page;
try {
  browser = await chromium.launch({
    executablePath: options.chromium,
    headless: true,
    timeout: 60_000,
    args: ["--no-sandbox", "--disable-gpu", "--disable-quic", "--no-first-run", "--disable-background-networking",
      "--disable-component-update", "--disable-sync"],
  });
  page = await browser.newPage({ viewport: { width: 1280, height: 800 } });
  page.setDefaultTimeout(STEP);
  page.on("pageerror", (e) => pageErrors.push(String(e)));
  page.on("console", (m) => { if (m.type() === "error") { pageErrors.push(m.text()); } });
  await page.route("**/*", (route) => {
    const url = route.request().url();
    if (url.startsWith("file:")) { return route.continue(); }
    refused.push(url);
    return route.abort();
  });

  const url = pathToFileURL(join(resolve(options.report), "index.html")).href;
  await page.goto(url, { waitUntil: "load" });

  // Before any click: the list, and an empty detail pane.
  const items = page.locator("#list li.finding-item");
  await items.first().waitFor({ state: "visible" });
  const listed = (await items.evaluateAll((lis) => lis.map((li) => li.getAttribute("data-index")))).map(Number);
  check(same(listed, expect.listed), `listed findings ${JSON.stringify(listed)}, expected ${JSON.stringify(expect.listed)}`);
  for (const n of expect.hidden || []) {
    check((await page.locator(`#item-${n}`).count()) === 0, `finding ${n} is listed but should be hidden`);
  }
  check((await page.locator("#detail .empty").isVisible()), "the detail pane is not empty before any click");

  // Click the first finding in the list, as a user would.
  const click = expect.click;
  const first = items.first();
  check(Number(await first.getAttribute("data-index")) === click.index, `the first listed finding is not ${click.index}`);
  await first.locator("a").click();

  // Its steps appear, in order, in the list of steps and as notes in the source.
  const detail = page.locator(`#detail[data-finding="${click.index}"]`);
  const steps = detail.locator("ol.steps li.step");
  if (click.steps.length) {
    await steps.nth(click.steps.length - 1).waitFor({ state: "visible" });
  } else {
    await detail.locator("#detail-title").waitFor({ state: "visible" });
  }
  const title = await detail.locator("#detail-title").innerText();
  check(title.includes(click.message), `detail title ${JSON.stringify(title)} does not show ${JSON.stringify(click.message)}`);
  const shown = await steps.allInnerTexts();
  check(shown.length === click.steps.length, `${shown.length} steps shown, expected ${click.steps.length}: ${JSON.stringify(shown)}`);
  click.steps.forEach((message, i) => {
    check(shown[i].includes(message), `step ${i + 1} shows ${JSON.stringify(shown[i])}, expected ${JSON.stringify(message)}`);
  });
  const notes = detail.locator(".step-note[data-step]");
  const noteTexts = await notes.allInnerTexts();
  check(noteTexts.length === click.steps.length, `${noteTexts.length} step notes in the source, expected ${click.steps.length}`);
  for (let i = 0; i < noteTexts.length; i++) {
    check(await notes.nth(i).isVisible(), `step note ${i + 1} is not visible`);
    check(noteTexts[i].includes(click.steps[i]), `step note ${i + 1} shows ${JSON.stringify(noteTexts[i])}, expected ${JSON.stringify(click.steps[i])}`);
  }
  check(await detail.locator(".step-note.primary-note").isVisible(), "the finding itself is not marked in the source");
  if (click.source) {
    const code = await detail.locator(".code").allInnerTexts();
    check(code.some((t) => t.includes(click.source)), `the source line ${JSON.stringify(click.source)} is not shown`);
  }
  check((await page.locator(`#item-${click.index}`).getAttribute("class")).split(" ").includes("selected"),
    `finding ${click.index} is not marked selected in the list`);
  check(new URL(page.url()).hash === `#finding-${click.index}`, `the address is ${page.url()}, not #finding-${click.index}`);

  check(pageErrors.length === 0, `errors on the page: ${pageErrors.join("; ")}`);
  check(refused.length === 0, `the page tried the network: ${refused.join(", ")}`);
  await page.screenshot({ path: options.screenshot });
  console.log(`html_click: ok: clicked finding ${click.index}, ${shown.length} steps shown; screenshot ${options.screenshot}`);
} catch (e) {
  console.error(`html_click: FAIL: ${e instanceof Failure ? e.message : e.stack || e}`);
  if (pageErrors.length) { console.error(`html_click: errors on the page: ${pageErrors.join("; ")}`); }
  process.exitCode = 1;
  // The screenshot shows what the page looked like when the check failed.
  if (page) { await page.screenshot({ path: options.screenshot }).catch(() => {}); }
} finally {
  if (browser) { await browser.close().catch(() => {}); }
}
