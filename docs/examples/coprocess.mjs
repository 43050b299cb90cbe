// textheight as a co-process: one `textheight batch` for the whole session, one JSON line per question.
import { spawn } from "node:child_process";
import { createInterface } from "node:readline";

class TextHeight {
  constructor(...defaults) {
    this.process = spawn(process.env.TEXTHEIGHT ?? "textheight", ["batch", ...defaults],
                         { stdio: ["pipe", "pipe", "inherit"] });
    this.lines = createInterface({ input: this.process.stdout })[Symbol.asyncIterator]();
  }

  // One question at a time: await each answer before asking the next.
  async measure(text, fields = {}) {
    this.process.stdin.write(JSON.stringify({ text, ...fields }) + "\n");
    const result = JSON.parse((await this.lines.next()).value);
    if (result.error) throw new Error(result.error);
    return result;
  }

  close() { this.process.stdin.end(); }
}

const heights = new TextHeight("--width", "343", "--max-lines", "5");
for (const message of ["Hi!", "Running late, the train is stuck outside the station. Start without me!"]) {
  const result = await heights.measure(message);
  console.log(result.boxHeight, result.lineCount, result.scrolls);
}
console.log((await heights.measure("Hi!", { model: "css", measure: "div" })).boxHeight);
heights.close();
