/**
 * The widget's realtime part, /widget-io.js: socket.io-client, loaded by widget.js only when the web chat opens.
 * Exposed as the global `AtiendeWidgetIo` (not `io`, which the host page may use for its own Socket.IO).
 */
export { io } from 'socket.io-client';
