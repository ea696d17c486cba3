#!/usr/bin/env python3
"""Browser check of `scoreboard --web`: headless Chromium, driven through its DevTools protocol,
follows the home screen while the feed runs; the server is restarted mid-run and the page must
resume; once the feed stops, the page's DOM (sections, item order, cell text) must equal the
fresh fetches the server shows at /fresh, mapped through the same cells and page; the hostile
team name must show as text; the page's script must report no error. Writes a screenshot and
prints its path. Standard library only.

usage: web-check.py SCOREBOARD_BINARY OUTPUT_DIRECTORY
"""
import base64, html.parser, json, os, signal, socket, struct, subprocess, sys, tempfile, time, urllib.request

HOSTILE = "<img src=x onerror=alert(1)>"
PORT = 18_080 + os.getpid() % 1000
DEBUG_PORT = 19_222 + os.getpid() % 1000

# What a page shows, as a list of sections [header, [[field, …] per row]], read in the page.
EXTRACT = """JSON.stringify([...document.querySelectorAll('#wl-list > section')].map(s => [
  [...s.querySelectorAll(':scope > h2 > .wl-f')].map(f => f.textContent),
  [...s.querySelectorAll(':scope > ul > li')].map(r => [...r.querySelectorAll('.wl-f')].map(f => f.textContent))]))"""


class DevTools:
    """A minimal WebSocket client for one DevTools target (text frames, client masking)."""

    def __init__(self, url):
        host_port, path = url[len("ws://"):].split("/", 1)
        host, port = host_port.split(":")
        self.sock = socket.create_connection((host, int(port)), timeout=30)
        key = base64.b64encode(os.urandom(16)).decode()
        self.sock.sendall((f"GET /{path} HTTP/1.1\r\nHost: {host_port}\r\nUpgrade: websocket\r\n"
                           f"Connection: Upgrade\r\nSec-WebSocket-Key: {key}\r\nSec-WebSocket-Version: 13\r\n\r\n").encode())
        response = b""
        while b"\r\n\r\n" not in response:
            response += self.sock.recv(1)
        if b" 101 " not in response.split(b"\r\n")[0]:
            raise SystemExit(f"error: DevTools refused the WebSocket: {response[:80]!r}")
        self.next_id = 0
        self.events = []

    def _send(self, text):
        data = text.encode()
        header = bytes([0x81])
        if len(data) < 126:
            header += bytes([0x80 | len(data)])
        elif len(data) < 65536:
            header += bytes([0x80 | 126]) + struct.pack("!H", len(data))
        else:
            header += bytes([0x80 | 127]) + struct.pack("!Q", len(data))
        mask = os.urandom(4)
        self.sock.sendall(header + mask + bytes(b ^ mask[i % 4] for i, b in enumerate(data)))

    def _read_exactly(self, count):
        data = b""
        while len(data) < count:
            chunk = self.sock.recv(count - len(data))
            if not chunk:
                raise SystemExit("error: DevTools closed the connection")
            data += chunk
        return data

    def _receive(self):
        message = b""
        while True:
            first, second = self._read_exactly(2)
            length = second & 0x7F
            if length == 126:
                length = struct.unpack("!H", self._read_exactly(2))[0]
            elif length == 127:
                length = struct.unpack("!Q", self._read_exactly(8))[0]
            message += self._read_exactly(length)
            if first & 0x80:
                return json.loads(message)

    def call(self, method, **params):
        self.next_id += 1
        self._send(json.dumps({"id": self.next_id, "method": method, "params": params}))
        while True:
            message = self._receive()
            if message.get("id") == self.next_id:
                if "error" in message:
                    raise SystemExit(f"error: DevTools {method} failed: {message['error']}")
                return message.get("result", {})
            self.events.append(message)

    def evaluate(self, expression):
        result = self.call("Runtime.evaluate", expression=expression, returnByValue=True)
        return result.get("result", {}).get("value")


class PageText(html.parser.HTMLParser):
    """Sections of a page dumped by `chromium --dump-dom`, in the shape EXTRACT gives."""

    def __init__(self):
        super().__init__()
        self.sections, self.stack, self.field = [], [], None

    def handle_starttag(self, tag, attrs):
        classes = (dict(attrs).get("class") or "").split()
        if tag == "section" and "wl-section" in classes:
            self.sections.append([[], []])
        elif tag == "li" and self.sections:
            self.sections[-1][1].append([])
        elif tag == "span" and "wl-f" in classes and self.sections:
            self.field = ""
        self.stack.append(tag)

    def handle_endtag(self, tag):
        if tag == "span" and self.field is not None:
            inside_header = "h2" in self.stack
            target = self.sections[-1][0] if inside_header else self.sections[-1][1][-1]
            target.append(self.field)
            self.field = None
        while self.stack and self.stack.pop() != tag:
            pass

    def handle_data(self, data):
        if self.field is not None:
            self.field += data


def start_scoreboard(binary, store, steps, rate):
    process = subprocess.Popen(
        [binary, "--web", "--port", str(PORT), "--store", store, "--rate", str(rate), "--steps", str(steps),
         "--guest-team", HOSTILE], stdout=subprocess.PIPE, text=True)
    wait_for_line(process, "serving http://", 60)
    return process


def wait_for_line(process, prefix, seconds):
    deadline = time.time() + seconds
    while time.time() < deadline:
        line = process.stdout.readline()
        if line.startswith(prefix):
            print(f"  scoreboard: {line.strip()}")
            return
        if not line and process.poll() is not None:
            raise SystemExit(f"error: scoreboard exited with {process.returncode} before printing {prefix!r}")
    raise SystemExit(f"error: scoreboard did not print {prefix!r} within {seconds} s")


def wait_until(what, seconds, probe):
    deadline = time.time() + seconds
    while time.time() < deadline:
        value = probe()
        if value:
            return value
        time.sleep(0.1)
    raise SystemExit(f"error: {what} within {seconds} s")


def fresh_fetch(chromium, user_dir):
    dump = subprocess.run(
        [chromium, "--headless=new", "--no-sandbox", "--disable-gpu", f"--user-data-dir={user_dir}-fresh",
         "--virtual-time-budget=5000", "--dump-dom", f"http://127.0.0.1:{PORT}/fresh"],
        capture_output=True, text=True, timeout=60).stdout
    parser = PageText()
    parser.feed(dump)
    return parser.sections


def main():
    binary, output = sys.argv[1], sys.argv[2]
    chromium = next((c for c in ("chromium", "chromium-browser") if subprocess.run(["which", c], capture_output=True).returncode == 0), None)
    if not chromium:
        raise SystemExit("error: chromium is not installed; install Debian's chromium (apt-get install -y chromium)")
    work = tempfile.mkdtemp()
    store = os.path.join(work, "scores.sqlite")
    processes = []
    try:
        print("-- scoreboard --web, first run (the feed plays until the server is stopped)")
        first = start_scoreboard(binary, store, 100_000, 20)
        processes.append(first)
        browser = subprocess.Popen(
            [chromium, "--headless=new", "--no-sandbox", "--disable-gpu", f"--remote-debugging-port={DEBUG_PORT}",
             f"--user-data-dir={work}/profile", "--window-size=900,1300", "about:blank"],
            stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL)
        processes.append(browser)
        targets = wait_until("Chromium's DevTools did not answer", 30, lambda: try_json(f"http://127.0.0.1:{DEBUG_PORT}/json/list"))
        page = DevTools(next(t for t in targets if t["type"] == "page")["webSocketDebuggerUrl"])
        for domain in ("Runtime.enable", "Log.enable", "Page.enable"):
            page.call(domain)
        page.call("Page.navigate", url=f"http://127.0.0.1:{PORT}/")
        generation = lambda: int(page.evaluate("document.body.dataset.generation || '0'") or 0)
        start = wait_until("the page showed no list", 30, generation)
        wait_until("the page did not follow the feed", 30, lambda: generation() >= start + 10)
        print(f"  the page follows the feed: generation {start} -> {generation()}")

        hostile_rows = page.evaluate(f"[...document.querySelectorAll('.wl-f0')].filter(f => f.textContent.startsWith({json.dumps(HOSTILE)})).length")
        images = page.evaluate("document.querySelectorAll('img').length")
        if not hostile_rows or images:
            raise SystemExit(f"error: the hostile team name shows in {hostile_rows} rows as text and made {images} images")
        print(f"  the hostile team name {HOSTILE} shows as text in {hostile_rows} row(s); the page holds no image")

        print("-- the server is stopped mid-run and started again on the same store")
        first.send_signal(signal.SIGTERM)
        first.wait(timeout=30)
        wait_until("the page did not show that it lost the server", 15,
                   lambda: page.evaluate("document.getElementById('wl-state').dataset.state") == "reconnecting")
        second = start_scoreboard(binary, store, 40, 20)
        processes.append(second)
        wait_until("the page did not reconnect", 30,
                   lambda: page.evaluate("document.getElementById('wl-state').dataset.state") == "live")
        print("  the page reconnected and shows the list live")
        wait_for_line(second, "feed stopped after", 120)

        # A DOM dump can be taken before the page's socket delivered its list (the second
        # browser's start under load eats its time budget): dumped again, up to three times.
        fresh = None
        for _ in range(3):
            fresh = fresh_fetch(chromium, f"{work}/profile")
            if fresh and any(rows for _, rows in fresh):
                break
        else:
            raise SystemExit("error: the fresh fetch page showed no list in three DOM dumps")
        shown = wait_until("the page did not converge to the fresh fetches", 30,
                           lambda: (lambda s: s if s == fresh else None)(json.loads(page.evaluate(EXTRACT))))
        rows = sum(len(r) for _, r in shown)
        print(f"  after the feed stopped, the page's DOM equals the fresh fetches: {len(shown)} sections, {rows} rows, same order and text")

        time.sleep(0.5)
        shot = page.call("Page.captureScreenshot", format="png")
        os.makedirs(output, exist_ok=True)
        path = os.path.join(output, "scoreboard-web.png")
        with open(path, "wb") as file:
            file.write(base64.b64decode(shot["data"]))
        print(f"  screenshot: {path}")

        errors = [e for e in page.events if e.get("method") == "Runtime.exceptionThrown"
                  or (e.get("method") == "Runtime.consoleAPICalled" and e["params"].get("type") == "error")
                  or (e.get("method") == "Log.entryAdded" and e["params"]["entry"].get("level") == "error"
                      and e["params"]["entry"].get("source") != "network")]
        network = [e for e in page.events if e.get("method") == "Log.entryAdded" and e["params"]["entry"].get("source") == "network"]
        if errors:
            raise SystemExit(f"error: the page's console reported errors: {json.dumps(errors)[:600]}")
        print(f"  no error in the page's console ({len(network)} network notes of refused reconnects while the server was down)")
        print("web check passed")
    finally:
        for process in processes:
            if process.poll() is None:
                process.terminate()
                try:
                    process.wait(timeout=10)
                except subprocess.TimeoutExpired:
                    process.kill()


def try_json(url):
    try:
        with urllib.request.urlopen(url, timeout=2) as response:
            return json.load(response)
    except OSError:
        return None


if __name__ == "__main__":
    main()
