# textheight as a co-process: one `textheight batch` for the whole session, one JSON line per question.
import json, os, subprocess

class TextHeight:
    def __init__(self, *defaults):
        command = [os.environ.get("TEXTHEIGHT", "textheight"), "batch", *defaults]
        self.process = subprocess.Popen(command, stdin=subprocess.PIPE, stdout=subprocess.PIPE,
                                        encoding="utf-8")

    def measure(self, text, **fields):
        # One case in, one line out (a "width" list would answer one line per width).
        self.process.stdin.write(json.dumps({"text": text, **fields}) + "\n")
        self.process.stdin.flush()
        result = json.loads(self.process.stdout.readline())
        if "error" in result:
            raise ValueError(result["error"])
        return result

    def close(self):
        self.process.stdin.close()
        return self.process.wait()

heights = TextHeight("--width", "343", "--max-lines", "5")
for message in ["Hi!", "Running late, the train is stuck outside the station. Start without me!"]:
    result = heights.measure(message)
    print(result["boxHeight"], result["lineCount"], json.dumps(result["scrolls"]))
print(heights.measure("Hi!", model="css", measure="div")["boxHeight"])
heights.close()
