-- Rate limiter for an OpenResty gateway: token buckets kept in a shared dict,
-- one bucket per client key, refilled lazily on every request.

local cjson = require "cjson.safe"
local lock = require("resty.lock")
local util = require 'gateway.util'
local config = require("gateway.config").limits
local ok_metrics, metrics = pcall(require, "gateway.metrics")

local M = {
  _VERSION = "0.3.1",
}

local DEFAULT_RATE = 10
local DEFAULT_BURST = 20
local SHARED_DICT = "rate_limits"
local HEADERS = {
  limit = "X-RateLimit-Limit",
  remaining = "X-RateLimit-Remaining",
  retry = "Retry-After",
}

local ngx_now = ngx.now
local floor, min = math.floor, math.min

local function bucket_key(client, route)
  return string.format("%s|%s", client, route or "*")
end

local function decode_bucket(raw)
  if not raw then
    return nil
  end
  local bucket = cjson.decode(raw)
  if type(bucket) ~= "table" or not bucket.tokens then
    return nil
  end
  return bucket
end

local encode_bucket = function(bucket)
  return cjson.encode({ tokens = bucket.tokens, updated = bucket.updated })
end

local Bucket = {}
Bucket.__index = Bucket

function Bucket.new(rate, burst, now)
  local self = setmetatable({}, Bucket)
  self.rate = rate or DEFAULT_RATE
  self.burst = burst or DEFAULT_BURST
  self.tokens = self.burst
  self.updated = now or ngx_now()
  return self
end

function Bucket:refill(now)
  local elapsed = now - self.updated
  if elapsed > 0 then
    self.tokens = min(self.burst, self.tokens + elapsed * self.rate)
    self.updated = now
  end
end

function Bucket:take(count)
  count = count or 1
  if self.tokens >= count then
    self.tokens = self.tokens - count
    return true, floor(self.tokens)
  end
  local wait = (count - self.tokens) / self.rate
  return false, 0, wait
end

M.Bucket = Bucket

function M.limits_for(route)
  local route_config = config[route] or config.default or {}
  return route_config.rate or DEFAULT_RATE, route_config.burst or DEFAULT_BURST
end

function M.check(client, route)
  local dict = ngx.shared[SHARED_DICT]
  local key = bucket_key(client, route)
  local mutex, err = lock:new(SHARED_DICT, { timeout = 0.05 })
  if not mutex then
    return nil, "lock: " .. tostring(err)
  end

  local function release(...)
    mutex:unlock()
    return ...
  end

  local _, lock_err = mutex:lock(key)
  if lock_err then
    return release(nil, lock_err)
  end

  local now = ngx_now()
  local rate, burst = M.limits_for(route)
  local raw = decode_bucket(dict:get(key))
  local bucket = raw and setmetatable(raw, Bucket) or Bucket.new(rate, burst, now)
  if raw then
    bucket.rate, bucket.burst = rate, burst
  end
  bucket:refill(now)
  local allowed, remaining, retry_after = bucket:take(1)
  dict:set(key, encode_bucket(bucket), util.ttl_for(rate, burst))
  return release(allowed, remaining, retry_after)
end

M.headers = function(limit, remaining, retry_after)
  local out = { [HEADERS.limit] = limit, [HEADERS.remaining] = remaining }
  if retry_after then
    out[HEADERS.retry] = math.ceil(retry_after)
  end
  return out
end

function M.access(client)
  local allowed, remaining, retry_after = M.check(client, ngx.var.uri)
  if allowed == nil then
    ngx.log(ngx.ERR, "rate limiter failed: ", remaining)
    return
  end
  if ok_metrics then
    metrics.incr(allowed and "rate.allowed" or "rate.rejected")
  end
  for name, value in pairs(M.headers(DEFAULT_BURST, remaining, retry_after)) do
    ngx.header[name] = value
  end
  if not allowed then
    return ngx.exit(429)
  end
end

return M
