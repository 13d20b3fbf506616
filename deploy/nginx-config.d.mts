/** What deploy/nginx.conf.template is rendered with. */
export interface NginxValues {
  /** The app processes, `host:port` each (their private addresses). */
  upstreams: string[];
  /** nginx's `listen` parameters: `127.0.0.1:8080`, `80`, `443 ssl`. */
  listen: string;
  /** nginx's `server_name` (default `_`: any name). */
  serverName?: string;
  /** Folder of nginx.pid. */
  pidDir: string;
  /** Folder of the request body and proxy temporary files. */
  tempDir: string;
  /** Folder of access.log and error.log. */
  logDir: string;
}

export declare const templatePath: string;
export declare function renderNginxConfig(values: NginxValues): string;
