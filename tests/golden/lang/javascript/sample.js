// Minimal HTTP router with middleware, route groups and lazy-loaded handlers.
// Runs on plain node:http; used by the dev server and the integration tests.

import http from "node:http";
import { EventEmitter } from "node:events";
import * as path from "node:path";
import defaultLogger, { createLogger as makeLogger } from "./logger.js";
import "./polyfills.js";
import { createRequire } from "node:module";

export { parseCookies } from "./cookies.js";
export * from "./errors.js";
export * as mime from "./mime.js";

const require = createRequire(import.meta.url);
const qs = require("qs");
const { version } = require("../package.json");

export const DEFAULT_PORT = 8080;
const MAX_BODY_BYTES = 1024 * 1024;
const METHODS = ["GET", "POST", "PUT", "PATCH", "DELETE"];
const STATUS_TEXT = Object.freeze({
  404: "Not Found",
  405: "Method Not Allowed",
  413: "Payload Too Large",
});
const ROUTER_DEFAULTS = {
  prefix: "",
  trailingSlash: false,
  onError(err) {
    console.error("unhandled router error", err);
  },
};
const HOP = "x-hop", TRACE_HEADER = "x-trace-id";
let requestCounter = 0;

const log = makeLogger("router");

function compilePattern(pattern) {
  const keys = [];
  const source = pattern
    .split("/")
    .map((part) => {
      if (part.startsWith(":")) {
        keys.push(part.slice(1));
        return "([^/]+)";
      }
      return part.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    })
    .join("/");
  return { keys, regex: new RegExp(`^${source}/?$`) };
}

async function readBody(req, limit = MAX_BODY_BYTES) {
  const chunks = [];
  let size = 0;
  for await (const chunk of req) {
    size += chunk.length;
    if (size > limit) {
      throw new HttpError(413, STATUS_TEXT[413]);
    }
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString("utf8");
}

function* walkRoutes(routes, prefix = "") {
  for (const route of routes) {
    if (route.children) {
      yield* walkRoutes(route.children, prefix + route.path);
    } else {
      yield { ...route, path: prefix + route.path };
    }
  }
}

export class HttpError extends Error {
  constructor(status, message) {
    super(message ?? STATUS_TEXT[status] ?? "Error");
    this.status = status;
  }

  toJSON() {
    return { status: this.status, message: this.message };
  }
}

export class Router extends EventEmitter {
  static #instances = 0;
  routes = [];
  #middleware = [];

  constructor({ prefix = ROUTER_DEFAULTS.prefix, logger = defaultLogger } = {}) {
    super();
    this.prefix = prefix;
    this.logger = logger;
    Router.#instances += 1;
  }

  static get instances() {
    return Router.#instances;
  }

  get size() {
    return this.routes.length;
  }

  use(fn) {
    this.#middleware.push(fn);
    return this;
  }

  add(method, pattern, handler) {
    if (!METHODS.includes(method)) {
      throw new TypeError(`unsupported method ${method}`);
    }
    this.routes.push({ method, ...compilePattern(this.prefix + pattern), handler });
    return this;
  }

  get(pattern, handler) {
    return this.add("GET", pattern, handler);
  }

  post(pattern, handler) {
    return this.add("POST", pattern, handler);
  }

  lazy(pattern, specifier) {
    return this.get(pattern, async (req, res) => {
      const mod = await import(specifier);
      return mod.default(req, res);
    });
  }

  handleError = (err, res) => {
    const status = err instanceof HttpError ? err.status : 500;
    res.writeHead(status, { "content-type": "application/json" });
    res.end(JSON.stringify({ error: err.message }));
  };

  #match(method, url) {
    for (const route of this.routes) {
      const found = route.regex.exec(url);
      if (found && route.method === method) {
        const params = Object.fromEntries(route.keys.map((key, i) => [key, found[i + 1]]));
        return { route, params };
      }
    }
    return null;
  }

  async dispatch(req, res) {
    requestCounter += 1;
    const [pathname, query = ""] = req.url.split("?");
    const hit = this.#match(req.method, pathname);
    if (!hit) {
      throw new HttpError(404);
    }
    req.params = hit.params;
    req.query = qs.parse(query);
    if (req.method !== "GET") {
      req.body = await readBody(req);
    }
    const chain = [...this.#middleware, hit.route.handler];
    const next = async (index) => {
      if (index < chain.length) {
        await chain[index](req, res, () => next(index + 1));
      }
    };
    await next(0);
    this.emit("dispatched", { method: req.method, path: pathname });
  }

  listen(port = DEFAULT_PORT) {
    const server = http.createServer((req, res) => {
      this.dispatch(req, res).catch((err) => this.handleError(err, res));
    });
    return new Promise((resolve) => server.listen(port, () => resolve(server)));
  }
}

export function json(res, body, status = 200) {
  res.writeHead(status, { "content-type": "application/json", [TRACE_HEADER]: String(requestCounter) });
  res.end(JSON.stringify(body));
}

export const cors = (origins = "*") => (req, res, next) => {
  res.setHeader("access-control-allow-origin", origins);
  return next();
};

export const timing = async function timingMiddleware(req, res, next) {
  const started = process.hrtime.bigint();
  await next();
  log.debug(`${req.method} ${req.url} ${process.hrtime.bigint() - started}ns`);
};

const staticFiles = (root) => {
  const base = path.resolve(root);
  return async (req, res) => {
    const { readFile } = await import("node:fs/promises");
    const file = path.join(base, path.normalize(req.params.file));
    res.end(await readFile(file));
  };
};

const isHealthCheck = (req) => req.url === "/healthz";

export default function createApp(options = {}) {
  const router = new Router(options);
  router
    .use(cors(options.origins))
    .use(timing)
    .get("/healthz", (req, res) => json(res, { ok: true, version }))
    .get("/static/:file", staticFiles(options.staticRoot ?? "public"))
    .lazy("/reports/:id", "./handlers/reports.js");
  router.on("dispatched", (event) => {
    if (!isHealthCheck(event)) log.info(event);
  });
  return router;
}

export const routeTable = (router) => [...walkRoutes(router.routes)].map((r) => `${r.method} ${r.path}`);
