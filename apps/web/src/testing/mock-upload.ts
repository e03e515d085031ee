import { vi } from 'vitest';

/** One upload the app sent by XMLHttpRequest, which the test drives: progress, then an answer. */
export interface FakeUpload {
  method: string;
  url: string;
  headers: Record<string, string>;
  /** The multipart text fields (description, tags, isPublic). */
  fields: Record<string, string>;
  file: File | null;
  aborted: boolean;
  /** Reports `loaded` of `total` bytes sent. */
  progress(loaded: number, total: number): void;
  /** Answers with a status and a JSON body, and these headers (none by default). */
  respond(status: number, body: unknown, headers?: Record<string, string>): void;
  /** Answers with a status and a body that is not JSON (a proxy's error page). */
  respondText(status: number, text: string, headers?: Record<string, string>): void;
  /** The connection failed (no answer). */
  fail(): void;
}

/**
 * Replaces XMLHttpRequest (uploads with progress use it; everything else goes through fetch and
 * mockApi). Returns the uploads sent so far and a way to wait for the next one.
 */
export function mockUploads() {
  const uploads: FakeUpload[] = [];

  class FakeXhr {
    status = 0;
    statusText = '';
    responseText = '';
    timeout = 0;
    upload: { onprogress: ((event: ProgressEvent) => void) | null } = { onprogress: null };
    onload: (() => void) | null = null;
    onerror: (() => void) | null = null;
    onabort: (() => void) | null = null;
    ontimeout: (() => void) | null = null;
    private method = 'GET';
    private url = '';
    private headers: Record<string, string> = {};
    private answerHeaders: Record<string, string> = {};
    private done = false;
    private record: FakeUpload | null = null;

    open(method: string, url: string) {
      this.method = method;
      this.url = url;
    }

    setRequestHeader(name: string, value: string) {
      this.headers[name.toLowerCase()] = value;
    }

    getResponseHeader(name: string): string | null {
      return this.answerHeaders[name.toLowerCase()] ?? null;
    }

    abort() {
      if (this.done) return;
      this.done = true;
      if (this.record) this.record.aborted = true;
      this.onabort?.();
    }

    send(body: FormData) {
      const fields: Record<string, string> = {};
      let file: File | null = null;
      body.forEach((value, name) => {
        if (typeof value === 'string') fields[name] = value;
        else file = value;
      });
      // eslint-disable-next-line @typescript-eslint/no-this-alias
      const xhr = this;
      this.record = {
        method: this.method,
        url: this.url,
        headers: this.headers,
        fields,
        file,
        aborted: false,
        progress(loaded, total) {
          xhr.upload.onprogress?.({ lengthComputable: true, loaded, total } as ProgressEvent);
        },
        respond(status, answer, headers) {
          this.respondText(status, JSON.stringify(answer), headers);
        },
        respondText(status, text, headers = {}) {
          if (xhr.done) return;
          xhr.done = true;
          xhr.answerHeaders = headers;
          xhr.status = status;
          xhr.statusText = String(status);
          xhr.responseText = text;
          xhr.onload?.();
        },
        fail() {
          if (xhr.done) return;
          xhr.done = true;
          xhr.onerror?.();
        },
      };
      uploads.push(this.record);
    }
  }

  vi.stubGlobal('XMLHttpRequest', FakeXhr);
  return {
    uploads,
    /** The `index`-th upload (from 0), once the app has sent it. */
    async sent(index = 0): Promise<FakeUpload> {
      await vi.waitFor(() => {
        if (!uploads[index]) throw new Error(`upload ${index} not sent yet`);
      });
      return uploads[index]!;
    },
  };
}
