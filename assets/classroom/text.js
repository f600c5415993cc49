// The text-mode page (squaregame/classroom/sessionpages.py): its data block holds its words
// (T) and the session's socket (WS_PATH). Each line the session says becomes a <p> of the
// live log (textContent: never markup); each line typed goes as ["line", text]; the field
// keeps the focus until the session ends, then the field goes and the focus is on the link
// to start again. (The page's policy runs this script by its hash: nothing inline else.)
(() => {
  const data = JSON.parse(document.getElementById("page-data").textContent);
  const T = data.T, WS_PATH = data.ws;
  const log = document.getElementById("log"), form = document.getElementById("say");
  const field = document.getElementById("line"), send = document.getElementById("send");
  const status = document.getElementById("status"), again = document.getElementById("again");
  const KEPT = 3000;  // lines the log keeps (the oldest go)
  let opened = false, over = false;

  function add(text, typed) {
    const p = document.createElement("p");
    p.textContent = text;
    if (typed) {
      // what the student typed stays in sight, but out of what a screen reader says: it
      // has just spoken it while it was typed, and the answer comes next
      p.className = "typed";
      p.setAttribute("aria-hidden", "true");
    }
    log.appendChild(p);
    while (log.childElementCount > KEPT) log.firstElementChild.remove();
    log.scrollTop = log.scrollHeight;
  }

  function newest() {  // the newest line in sight (after the layout changed under it too)
    log.scrollTop = log.scrollHeight;
  }

  function end(text) {
    if (over) return;
    over = true;
    status.textContent = text;  // (role="status": said)
    field.readOnly = true;
    send.disabled = true;
    form.hidden = true;  // nothing more to answer: the field and its label go
    again.hidden = false;
    newest();
    requestAnimationFrame(newest);
    again.querySelector("a").focus({preventScroll: true});  // what is left to do
  }

  const scheme = location.protocol === "https:" ? "wss" : "ws";
  const ws = new WebSocket(`${scheme}://${location.host}${WS_PATH}`);
  ws.onopen = () => { opened = true; status.textContent = ""; };
  ws.onmessage = (event) => {
    let message = null;
    try { message = JSON.parse(event.data); } catch (e) { return; }
    if (Array.isArray(message) && message[0] === "line" && typeof message[1] === "string") {
      add(message[1], false);
    }
  };
  ws.onclose = (event) => {
    if (!opened) end(event.reason ? T.closed.replace("{reason}", event.reason) : T.failed);
    else if (event.reason) end(T.closed.replace("{reason}", event.reason));
    else end(T.ended);
  };

  form.addEventListener("submit", (event) => {
    event.preventDefault();
    field.focus();
    if (over || ws.readyState !== WebSocket.OPEN) return;
    const text = field.value;
    ws.send(JSON.stringify(["line", text]));
    add(text, true);
    field.value = "";
  });

  // a phone's keyboard: the page is as tall as what is left of the screen, the newest line
  // and the field in sight
  if (window.visualViewport) {
    const fit = () => {
      document.body.style.height = `${window.visualViewport.height}px`;
      log.scrollTop = log.scrollHeight;
    };
    window.visualViewport.addEventListener("resize", fit);
    fit();
  }
  field.focus();
})();
