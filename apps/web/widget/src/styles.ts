/** The widget's style sheet, inside its shadow root: the host page's CSS cannot reach it, and it leaks nothing. */
export const STYLES = `
:host { all: initial; }
.aw, .aw * { box-sizing: border-box; }
.aw {
  position: fixed; z-index: 2147483000; display: flex; flex-direction: column; align-items: flex-end; gap: 12px;
  font: 14px/1.45 system-ui, -apple-system, "Segoe UI", Roboto, "Helvetica Neue", Arial, sans-serif;
  color: #1f2328; -webkit-font-smoothing: antialiased;
}
.aw[data-pos^="bottom"] { bottom: 20px; }
.aw[data-pos^="top"] { top: 20px; flex-direction: column-reverse; }
.aw[data-pos$="right"] { right: 20px; align-items: flex-end; }
.aw[data-pos$="left"] { left: 20px; align-items: flex-start; }
button, input, textarea { font: inherit; color: inherit; }
button { cursor: pointer; }
[hidden] { display: none !important; }
svg { width: 24px; height: 24px; fill: currentColor; flex: none; }
.launcher {
  width: 60px; height: 60px; border-radius: 50%; border: 0; padding: 0; display: grid; place-items: center;
  background: var(--aw-primary); color: var(--aw-on-primary); box-shadow: 0 6px 18px rgba(0,0,0,.28);
  transition: transform .15s ease; position: relative; overflow: visible;
}
.launcher:hover { transform: scale(1.06); }
.launcher:focus-visible, .round:focus-visible, .row:focus-visible, .icon-btn:focus-visible, .primary:focus-visible {
  outline: 3px solid #1a73e8; outline-offset: 2px;
}
.launcher svg { width: 28px; height: 28px; }
.launcher img { width: 60px; height: 60px; border-radius: 50%; object-fit: cover; }
.badge {
  position: absolute; top: 2px; inset-inline-end: 2px; width: 14px; height: 14px; border-radius: 50%;
  background: #e53935; border: 2px solid #fff;
}
.stack { display: flex; flex-direction: column; gap: 10px; align-items: inherit; }
.aw[data-pos^="top"] .stack { flex-direction: column-reverse; }
.round {
  display: flex; align-items: center; gap: 10px; border: 0; padding: 0; background: none; text-decoration: none;
  color: #1f2328; flex-direction: row-reverse;
}
.aw[data-pos$="left"] .round { flex-direction: row; }
.round .dot {
  width: 52px; height: 52px; border-radius: 50%; display: grid; place-items: center; color: #fff;
  box-shadow: 0 4px 14px rgba(0,0,0,.25); transition: transform .15s ease;
}
.round:hover .dot { transform: scale(1.07); }
.round .label {
  background: #fff; border-radius: 8px; padding: 4px 10px; box-shadow: 0 2px 8px rgba(0,0,0,.18); font-size: 13px;
  font-weight: 600; white-space: nowrap; opacity: 0; transform: translateY(2px); transition: opacity .15s ease;
}
.round:hover .label, .round:focus-visible .label { opacity: 1; transform: none; }
.panel {
  width: min(360px, calc(100vw - 40px)); max-height: min(580px, calc(100vh - var(--aw-reserve, 110px))); display: flex;
  flex-direction: column; background: #fff; border-radius: 16px; overflow: hidden;
  box-shadow: 0 12px 40px rgba(0,0,0,.25); animation: aw-in .18s ease-out;
}
.panel.chat { height: min(580px, calc(100vh - var(--aw-reserve, 110px))); min-height: 260px; }
@keyframes aw-in { from { opacity: 0; transform: translateY(8px); } to { opacity: 1; transform: none; } }
.head {
  display: flex; align-items: center; gap: 12px; padding: 16px; background: var(--aw-primary);
  color: var(--aw-on-primary);
}
.head img { width: 44px; height: 44px; border-radius: 50%; object-fit: cover; background: #fff; flex: none; }
.head .titles { flex: 1; min-width: 0; }
.head h2 { margin: 0; font-size: 17px; line-height: 1.3; font-weight: 700; overflow-wrap: anywhere; }
.head p { margin: 2px 0 0; font-size: 13px; opacity: .9; overflow-wrap: anywhere; }
.icon-btn {
  width: 36px; height: 36px; border-radius: 50%; border: 0; background: transparent; color: inherit;
  display: grid; place-items: center; flex: none;
}
.icon-btn:hover { background: rgba(255,255,255,.18); }
.icon-btn svg { width: 22px; height: 22px; }
.rows { padding: 10px; overflow-y: auto; display: flex; flex-direction: column; gap: 6px; }
.row {
  display: flex; align-items: center; gap: 12px; width: 100%; padding: 10px 12px; border: 1px solid #e6e8eb;
  border-radius: 12px; background: #fff; text-decoration: none; color: #1f2328; text-align: start; font-weight: 600;
}
.row:hover { background: #f5f6f8; }
.row .dot { width: 40px; height: 40px; border-radius: 50%; display: grid; place-items: center; color: #fff; flex: none; }
.row .dot svg { width: 22px; height: 22px; }
.row span { overflow-wrap: anywhere; }
.body { flex: 1; min-height: 0; display: flex; flex-direction: column; background: #f4f5f7; }
.intro { padding: 18px 16px; display: flex; flex-direction: column; gap: 12px; overflow-y: auto; }
.intro p { margin: 0; color: #4a5058; }
.field { display: flex; flex-direction: column; gap: 4px; font-size: 13px; font-weight: 600; color: #4a5058; }
.field input {
  border: 1px solid #c9ced4; border-radius: 10px; padding: 10px 12px; font-weight: 400; background: #fff;
  color: #1f2328; outline: none;
}
.field input:focus, .composer textarea:focus { border-color: var(--aw-primary); box-shadow: 0 0 0 2px var(--aw-ring); }
.error { color: #c62828; font-size: 13px; margin: 0; }
.primary {
  border: 0; border-radius: 10px; padding: 11px 16px; background: var(--aw-primary); color: var(--aw-on-primary);
  font-weight: 700;
}
.primary:disabled { opacity: .6; cursor: default; }
.log { flex: 1; min-height: 0; overflow-y: auto; padding: 14px 12px; display: flex; flex-direction: column; gap: 8px; }
.msg { max-width: 82%; display: flex; flex-direction: column; gap: 2px; }
.msg .who { font-size: 11.5px; color: #6a7179; padding-inline: 4px; }
.msg .bubble {
  padding: 8px 12px; border-radius: 14px; white-space: pre-wrap; overflow-wrap: anywhere; background: #fff;
  box-shadow: 0 1px 1px rgba(0,0,0,.08);
}
.msg.in { align-self: flex-end; align-items: flex-end; }
.msg.in .bubble { background: var(--aw-primary); color: var(--aw-on-primary); border-end-end-radius: 4px; }
.msg.out { align-self: flex-start; align-items: flex-start; }
.msg.out .bubble { border-end-start-radius: 4px; }
.msg.pending .bubble { opacity: .65; }
.msg .files { display: flex; flex-direction: column; gap: 4px; margin-top: 2px; }
.msg .file {
  display: flex; align-items: center; gap: 6px; max-width: 100%; padding: 6px 10px; border-radius: 10px;
  border: 1px solid #d7dbe0; background: #fff; color: #1f2933; font: inherit; font-size: 13px; cursor: pointer;
  text-align: start;
}
.msg .file svg { width: 16px; height: 16px; flex: none; fill: currentColor; }
.msg .file .name { overflow: hidden; text-overflow: ellipsis; white-space: nowrap; }
.msg .file .size { color: #6a7179; flex: none; }
.msg .file[aria-busy="true"] { opacity: .6; }
.msg .file.failed { border-color: #c62828; color: #8a1c1c; }
.msg.failed .bubble { background: #fdecea; color: #8a1c1c; }
.msg .state { font-size: 11.5px; color: #c62828; background: none; border: 0; padding: 0 4px; text-align: end; }
.typing { padding: 0 16px 6px; font-size: 12.5px; color: #6a7179; font-style: italic; }
.notice { padding: 6px 12px; font-size: 12.5px; text-align: center; background: #fff4e5; color: #7a4a00; }
.composer { display: flex; gap: 8px; align-items: flex-end; padding: 10px; background: #fff; border-top: 1px solid #e6e8eb; }
.composer textarea {
  flex: 1; resize: none; border: 1px solid #c9ced4; border-radius: 12px; padding: 9px 12px; max-height: 110px;
  min-height: 40px; line-height: 1.4; outline: none; background: #fff; color: #1f2328;
}
.composer .send {
  width: 40px; height: 40px; border-radius: 50%; border: 0; background: var(--aw-primary); color: var(--aw-on-primary);
  display: grid; place-items: center; flex: none;
}
.composer .send svg { width: 20px; height: 20px; }
.composer .attach {
  width: 40px; height: 40px; border-radius: 50%; border: 0; background: none; color: #5f6770; display: grid;
  place-items: center; flex: none; cursor: pointer;
}
.composer .attach svg { width: 20px; height: 20px; fill: currentColor; }
.composer .attach:hover { background: #f0f2f4; }
@media (max-width: 480px) {
  .aw[data-pos^="bottom"] { bottom: 12px; } .aw[data-pos^="top"] { top: 12px; }
  .aw[data-pos$="right"] { right: 12px; } .aw[data-pos$="left"] { left: 12px; }
  .panel { width: calc(100vw - 24px); }
}
@media (prefers-reduced-motion: reduce) { .panel { animation: none; } .launcher, .round .dot { transition: none; } }
`;
