// The console's calls to the classroom server (clash_widget/server/app.py), all with the
// teacher key as a Bearer secret. A refusal becomes a Refused error carrying the server's
// own words (its `reason`), which is all the console ever shows of it.

export interface SeatInfo {
  seat: number;
  name: string | null;
  bot: string | null;
  taken: boolean;
  reserved: boolean;
  connected: boolean;
}

export interface RoomStatus {
  to_move?: string | null;
  over?: boolean;
  winners?: string[];
  moves?: number;
}

export interface RoomInfo {
  room: string;
  game: string;
  title: string;
  players: number;
  name: string;
  archived: boolean;
  paused: boolean;
  /** The room's players may ask the coach for hints (the teacher's switch, on by default). */
  hints?: boolean;
  broken: string | null;
  over?: boolean;
  created: number;
  last_move: number | null;
  status: RoomStatus;
  seats: SeatInfo[];
  loading?: boolean;
}

/** A seat's join link as the server hands it out (only when it is made). */
export interface SeatLink {
  seat: number;
  join: string | null;
  bot?: string | null;
}

export interface Created {
  room: string;
  teacher: string;
  seats: SeatLink[];
}

export class Refused extends Error {
  constructor(
    readonly status: number,
    reason: string,
  ) {
    super(reason);
  }
}

export class Api {
  constructor(readonly key: string) {}

  async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { Authorization: `Bearer ${this.key}` };
    if (body !== undefined) headers["Content-Type"] = "application/json";
    let r: Response;
    try {
      r = await fetch(path, { method, headers, body: body === undefined ? undefined : JSON.stringify(body) });
    } catch {
      throw new Refused(0, "The server does not answer: is it still running?");
    }
    if (r.status === 204) return undefined as T;
    let data: unknown = null;
    try {
      data = await r.json();
    } catch {
      data = null;
    }
    if (!r.ok) {
      const reason = (data as { reason?: string } | null)?.reason;
      throw new Refused(r.status, reason || `The server refused this (${r.status} ${r.statusText}).`);
    }
    return data as T;
  }

  rooms(): Promise<{ rooms: RoomInfo[]; warning?: string | null }> {
    return this.call("GET", "/api/rooms");
  }

  create(spec: Record<string, unknown>): Promise<Created> {
    return this.call("POST", "/api/rooms", spec);
  }

  private room(room: string, rest = ""): string {
    return `/api/rooms/${encodeURIComponent(room)}${rest}`;
  }

  settle(room: string, changes: { name?: string; archived?: boolean; paused?: boolean; hints?: boolean }): Promise<unknown> {
    return this.call("PATCH", this.room(room), changes);
  }

  remove(room: string): Promise<void> {
    return this.call("DELETE", this.room(room));
  }

  rematch(room: string): Promise<Created> {
    return this.call("POST", this.room(room, "/rematch"), {});
  }

  free(room: string, seat: number): Promise<unknown> {
    return this.call("DELETE", this.room(room, `/seats/${seat}`));
  }

  reset(room: string, seat: number): Promise<{ join: string | null }> {
    return this.call("POST", this.room(room, `/seats/${seat}/reset`), {});
  }

  reserve(room: string, seat: number, name: string): Promise<unknown> {
    return this.call("POST", this.room(room, `/seats/${seat}/reserve`), { name });
  }

  bot(room: string, seat: number, bot: string): Promise<unknown> {
    return this.call("POST", this.room(room, `/seats/${seat}/bot`), { bot });
  }

  /** The game file, saved by the browser under the server's file name. */
  async download(room: string): Promise<string> {
    let r: Response;
    try {
      r = await fetch(this.room(room, "/game"), { headers: { Authorization: `Bearer ${this.key}` } });
    } catch {
      throw new Refused(0, "The server does not answer: is it still running?");
    }
    if (!r.ok) {
      const data = (await r.json().catch(() => null)) as { reason?: string } | null;
      throw new Refused(r.status, data?.reason || `The server refused the download (${r.status}).`);
    }
    const name = /filename="([^"]+)"/.exec(r.headers.get("Content-Disposition") ?? "")?.[1] ?? `clash-room-${room}.json`;
    const url = URL.createObjectURL(await r.blob());
    const a = document.createElement("a");
    a.href = url;
    a.download = name;
    document.body.append(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
    return name;
  }
}
