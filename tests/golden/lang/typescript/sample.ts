/**
 * Typed client for the inventory service: resources, caching, retries and a tiny
 * event bus. Shared by the admin UI and the sync worker.
 */

import type { Agent } from "node:http";
import { EventEmitter } from "node:events";
import * as crypto from "node:crypto";
import fetchImpl, { Headers, type RequestInit } from "./fetch";
import { z } from "zod";
import config = require("./legacy-config");

export type { Money } from "./money";
export { formatMoney, parseMoney } from "./money";

export const API_VERSION = "2024-06-01";
export const DEFAULT_TIMEOUT_MS: number = 10_000;
const RETRY_STATUSES = new Set([408, 429, 502, 503, 504]);
const ENDPOINTS = {
  items: "/v2/items",
  warehouses: "/v2/warehouses",
  transfers: "/v2/transfers",
} as const;
const defaultHeaders: Record<string, string> = { accept: "application/json" };

export type Id = string & { readonly __brand: "Id" };
export type Endpoint = keyof typeof ENDPOINTS;
type Listener<T> = (payload: T) => void;
export type Result<T, E = ApiError> =
  | { ok: true; value: T }
  | { ok: false; error: E };
export type PageInfo = {
  cursor: string | null;
  hasMore: boolean;
};

export enum Unit {
  Piece = "pc",
  Kilogram = "kg",
  Litre = "l",
}

const enum Flags {
  None = 0,
  Archived = 1 << 0,
  Hazardous = 1 << 1,
}

export interface Entity {
  readonly id: Id;
  createdAt: Date;
  updatedAt?: Date;
}

export interface Item extends Entity {
  sku: string;
  name: string;
  unit: Unit;
  quantity: number;
  flags: Flags;
  tags?: string[];
  describe(locale?: string): string;
}

interface Warehouse extends Entity {
  code: string;
  capacity: number;
}

export interface Page<T> {
  items: T[];
  page: PageInfo;
}

export interface Transport {
  send<T>(method: HttpMethod, path: string, body?: unknown): Promise<Result<T>>;
  close?(): void;
}

type HttpMethod = "GET" | "POST" | "PUT" | "DELETE";

export const ItemSchema = z.object({
  id: z.string(),
  sku: z.string().min(3),
  name: z.string(),
  quantity: z.number().int().nonnegative(),
});

export class ApiError extends Error {
  static readonly UNKNOWN = "unknown";

  constructor(
    public readonly status: number,
    message: string,
    public readonly code: string = ApiError.UNKNOWN,
  ) {
    super(message);
    this.name = "ApiError";
  }

  get retryable(): boolean {
    return RETRY_STATUSES.has(this.status);
  }

  static fromResponse(status: number, body: { message?: string; code?: string }): ApiError {
    return new ApiError(status, body.message ?? `HTTP ${status}`, body.code);
  }
}

function sealed<T extends new (...args: any[]) => object>(constructor: T): T {
  Object.seal(constructor);
  Object.seal(constructor.prototype);
  return constructor;
}

function logged(_target: object, key: string, descriptor: PropertyDescriptor): PropertyDescriptor {
  const original = descriptor.value;
  descriptor.value = function (this: unknown, ...args: unknown[]) {
    console.debug(`-> ${key}`, args);
    return original.apply(this, args);
  };
  return descriptor;
}

export abstract class Resource<T extends Entity> {
  protected abstract readonly path: string;
  private cache = new Map<Id, { value: T; expires: number }>();

  protected constructor(protected readonly transport: Transport, private ttlMs = 30_000) {}

  protected abstract decode(raw: unknown): T;

  async get(id: Id): Promise<T> {
    const cached = this.cache.get(id);
    if (cached && cached.expires > Date.now()) {
      return cached.value;
    }
    const result = await this.transport.send<unknown>("GET", `${this.path}/${id}`);
    if (!result.ok) {
      throw result.error;
    }
    const value = this.decode(result.value);
    this.cache.set(id, { value, expires: Date.now() + this.ttlMs });
    return value;
  }

  async *iterate(pageSize = 100): AsyncGenerator<T, void, undefined> {
    let cursor: string | null = null;
    do {
      const query = cursor ? `?limit=${pageSize}&cursor=${cursor}` : `?limit=${pageSize}`;
      const result = await this.transport.send<Page<unknown>>("GET", this.path + query);
      if (!result.ok) throw result.error;
      for (const raw of result.value.items) {
        yield this.decode(raw);
      }
      cursor = result.value.page.hasMore ? result.value.page.cursor : null;
    } while (cursor);
  }

  invalidate(id?: Id): void {
    if (id === undefined) {
      this.cache.clear();
    } else {
      this.cache.delete(id);
    }
  }
}

@sealed
export class Items extends Resource<Item> {
  protected readonly path = ENDPOINTS.items;

  constructor(transport: Transport) {
    super(transport, 60_000);
  }

  protected decode(raw: unknown): Item {
    const parsed = ItemSchema.parse(raw);
    return {
      ...parsed,
      id: parsed.id as Id,
      unit: Unit.Piece,
      flags: Flags.None,
      createdAt: new Date(),
      describe: (locale = "en") => `${parsed.name} (${parsed.sku}) [${locale}]`,
    };
  }

  @logged
  async adjust(id: Id, delta: number): Promise<Item> {
    const result = await this.transport.send<unknown>("POST", `${this.path}/${id}/adjust`, { delta });
    if (!result.ok) throw result.error;
    this.invalidate(id);
    return this.decode(result.value);
  }

  search(query: string): Promise<Item[]>;
  search(query: string, limit: number): Promise<Item[]>;
  async search(query: string, limit = 20): Promise<Item[]> {
    const found: Item[] = [];
    for await (const item of this.iterate()) {
      if (item.name.includes(query)) found.push(item);
      if (found.length >= limit) break;
    }
    return found;
  }
}

class Warehouses extends Resource<Warehouse> {
  protected readonly path = ENDPOINTS.warehouses;

  protected decode(raw: unknown): Warehouse {
    return raw as Warehouse;
  }
}

export class EventBus<Events extends Record<string, unknown>> {
  private emitter = new EventEmitter();

  on<K extends keyof Events & string>(event: K, listener: Listener<Events[K]>): () => void {
    this.emitter.on(event, listener);
    return () => this.emitter.off(event, listener);
  }

  emit<K extends keyof Events & string>(event: K, payload: Events[K]): void {
    this.emitter.emit(event, payload);
  }

  private readonly onError = (error: unknown): void => {
    console.error("event bus listener failed", error);
  };
}

export namespace Signing {
  export const ALGORITHM = "sha256";

  export interface Signed {
    signature: string;
    timestamp: number;
  }

  export function sign(body: string, secret: string, timestamp = Date.now()): Signed {
    const hmac = crypto.createHmac(ALGORITHM, secret);
    hmac.update(`${timestamp}.${body}`);
    return { signature: hmac.digest("hex"), timestamp };
  }

  export namespace Headers {
    export const SIGNATURE = "x-signature";
    export const TIMESTAMP = "x-timestamp";
  }
}

declare module "./fetch" {
  interface RequestInit {
    agent?: Agent;
  }
}

declare global {
  interface Window {
    __INVENTORY_DEBUG__?: boolean;
  }
}

export function isId(value: unknown): value is Id {
  return typeof value === "string" && /^[a-z]{2}_[0-9a-f]{16}$/.test(value);
}

export function assertNever(value: never): never {
  throw new Error(`unexpected value ${String(value)}`);
}

export function pick<T extends object, K extends keyof T>(source: T, ...keys: K[]): Pick<T, K> {
  const out = {} as Pick<T, K>;
  for (const key of keys) {
    out[key] = source[key];
  }
  return out;
}

export const sleep = (ms: number): Promise<void> => new Promise((resolve) => setTimeout(resolve, ms));

const backoff = (attempt: number, baseMs = 250): number => Math.min(baseMs * 2 ** attempt, 8_000);

export async function withRetry<T>(
  action: () => Promise<T>,
  attempts = 3,
): Promise<T> {
  let lastError: unknown;
  for (let attempt = 0; attempt < attempts; attempt++) {
    try {
      return await action();
    } catch (error) {
      lastError = error;
      if (!(error instanceof ApiError) || !error.retryable) break;
      await sleep(backoff(attempt));
    }
  }
  throw lastError;
}

export function createTransport(baseUrl: string, token: string): Transport {
  const headers = new Headers({ ...defaultHeaders, authorization: `Bearer ${token}` });

  async function send<T>(method: HttpMethod, path: string, body?: unknown): Promise<Result<T>> {
    const init: RequestInit = { method, headers, body: body === undefined ? undefined : JSON.stringify(body) };
    const response = await fetchImpl(baseUrl + path, init);
    if (!response.ok) {
      return { ok: false, error: ApiError.fromResponse(response.status, await response.json()) };
    }
    return { ok: true, value: (await response.json()) as T };
  }

  return { send };
}

export default class InventoryClient {
  readonly items: Items;
  readonly warehouses: Warehouses;
  readonly events = new EventBus<{ adjusted: { id: Id; delta: number } }>();

  constructor(baseUrl = config.baseUrl, token: string = process.env.INVENTORY_TOKEN ?? "") {
    const transport = createTransport(baseUrl, token);
    this.items = new Items(transport);
    this.warehouses = new Warehouses(transport);
  }

  async adjust(id: Id, delta: number): Promise<Item> {
    const item = await withRetry(() => this.items.adjust(id, delta));
    this.events.emit("adjusted", { id, delta });
    return item;
  }

  static async connect(): Promise<InventoryClient> {
    const { loadCredentials } = await import("./credentials");
    const { baseUrl, token } = await loadCredentials();
    return new InventoryClient(baseUrl, token);
  }
}
