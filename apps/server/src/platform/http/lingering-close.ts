import type { Socket } from "node:net";
import type { FastifyInstance } from "fastify";

/** How long a connection closed after an early answer keeps reading what the client still sends. */
export const lingerMs = 2_000;

const lingering = new WeakSet<Socket>();

/**
 * An answer sent before the request's body has all arrived (413 over the size limit, a refusal found in
 * the headers) closes the connection: Fastify marks it `connection: close`, and Node destroys the
 * socket as soon as the answer is written. The client is then usually still sending; the bytes the
 * server never read make the kernel reset the connection, and the reset can overtake the answer, so the
 * client sees EPIPE or ECONNRESET instead of the 413 (one upload in three over loopback). Web servers
 * close such a connection lingering (nginx's `lingering_close`), and so does this one: after the answer
 * only the server's side is ended, what the client still sends is read and dropped, and the socket goes
 * when the client closes its side or after {@link lingerMs}.
 */
export function registerLingeringClose(app: FastifyInstance): void {
  app.addHook("onSend", (request, _reply, payload, done) => {
    const socket = request.raw.socket as Socket | null;
    if (!request.raw.complete && socket && !lingering.has(socket)) {
      lingering.add(socket);
      // Node closes a connection it will not keep alive with destroySoon (end, then destroy once written).
      socket.destroySoon = function lingeringClose(this: Socket) {
        const stop = () => {
          clearTimeout(timer);
          this.destroy();
        };
        const timer = setTimeout(stop, lingerMs);
        timer.unref();
        this.once("end", stop);
        this.once("close", () => clearTimeout(timer));
        this.end();
        this.resume();
      };
    }
    done(null, payload);
  });
}
