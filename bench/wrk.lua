-- The wrk script of the bench (bench/wrk.ts runs it): `wrk -s bench/wrk.lua URL -- DATA SLOT PER_THREAD`.
--
-- Without DATA (hello-world), request() and response() are dropped in init() and wrk sends its
-- one static request as fast as it can. With DATA, a Lua file written by bench/mixed.ts from the
-- visitor functions there (the single source of the mix), each connection walks through visits:
-- a visitor's steps in order, then the next visit, each visit from its own client address in
-- X-Forwarded-For. wrk gives request() and response() no connection, so that walk is per thread,
-- and the bench runs one connection per thread (PER_THREAD = 1): then the thread's state is the
-- connection's, and each response is paired with its request (the call label of the tally, and
-- the latency measured here). With more connections per thread the visits run as one stream over
-- them, and the answers are counted by status only.
--
-- done() prints one line, `WRK-JSON {...}`: wrk's summary and errors, wrk's own CPU time, and per
-- thread the answers per call label and status and the latency histogram measured here (10 µs
-- buckets), which bench/wrk.ts merges over threads and runs. wrk's own p50 and p99 are printed
-- beside them but not used when the latencies are measured here: wrk "corrects" its histogram for
-- coordinated omission before done() (it adds made-up samples for every answer slower than twice
-- the mean), which in a mix of fast and slow calls inflates the tail.

local ffi = require("ffi")
ffi.cdef([[
typedef struct { long tv_sec; long tv_nsec; } rl_timespec;
int clock_gettime(int clk_id, rl_timespec *tp);
]])
local ts = ffi.new("rl_timespec")
local CLOCK_MONOTONIC = 1
local function nowUs()
  ffi.C.clock_gettime(CLOCK_MONOTONIC, ts)
  return tonumber(ts.tv_sec) * 1e6 + tonumber(ts.tv_nsec) / 1e3
end

-- setup phase (wrk's main thread): number the threads, keep them for done()
local threads = {}
function setup(thread)
  thread:set("id", #threads)
  threads[#threads + 1] = thread
end

local function json(value)
  if type(value) == "table" then
    local parts = {}
    for k, v in pairs(value) do
      parts[#parts + 1] = json(tostring(k)) .. ":" .. json(v)
    end
    return "{" .. table.concat(parts, ",") .. "}"
  elseif type(value) == "string" then
    return '"' .. value:gsub('[%c"\\]', function(c)
      return string.format("\\u%04x", c:byte())
    end) .. '"'
  end
  return tostring(value)
end

-- running phase: one Lua state per wrk thread
tally = {} -- [call label][status] = answers
latency = {} -- [10 µs bucket] = answers

local visits, headers, host, visit, step, ip, visitCount, slot, current, sentAt
local paired = true
local UNPAIRED = "(any call: several connections per thread)"

-- thread:get() of wrk 4.1 mangles Lua's stack when it copies a table (nested ones crash it), a
-- string it copies well: done() reads the global `result`, which this thread makes when asked
setmetatable(_G, {
  __index = function(_, name)
    if name == "result" then
      return json({ tally = tally, latency10Us = latency })
    end
  end,
})

function init(args)
  local dataFile = args[1]
  if not dataFile or dataFile == "" then
    request = nil
    response = nil
    return
  end
  slot = tonumber(args[2]) + id
  paired = tonumber(args[3]) == 1
  local data = dofile(dataFile)
  headers = data.headers
  host = wrk.headers["Host"]
  visits = data.visits
  -- the threads start at different places in the visit list
  visit = (slot * 13) % #visits
  visitCount = 0
  step = 0
end

local function nextVisit()
  visit = visit % #visits + 1
  visitCount = visitCount + 1
  -- each visit in its own /64 (see bench/mixed.ts): the thread's slot, then its visit count
  ip = string.format("2001:db8:%x:%x::1", slot, visitCount % 0x10000)
  step = 1
end

function request()
  step = (step or 0) + 1
  if not ip or not visits[visit][step] then nextVisit() end
  -- a step is {call label, path, session cookie or false}; its request up to the client address,
  -- which each visit fills in, is made once per thread
  current = visits[visit][step]
  local head = current.head
  if not head then
    local cookie = current[3] and ("cookie: " .. current[3] .. "\r\n") or ""
    head = "GET " .. current[2] .. " HTTP/1.1\r\nHost: " .. host .. "\r\n" .. headers .. cookie .. "x-forwarded-for: "
    current.head = head
  end
  sentAt = nowUs()
  return head .. ip .. "\r\n\r\n"
end

function response(status)
  local label = paired and current[1] or UNPAIRED
  local row = tally[label]
  if not row then
    row = {}
    tally[label] = row
  end
  row[status] = (row[status] or 0) + 1
  if paired then
    local b = math.floor((nowUs() - sentAt) / 10)
    latency[b] = (latency[b] or 0) + 1
  end
end

-- done phase (wrk's main thread, after the threads have stopped)
local function cpuMs()
  -- utime + stime of this process (all its threads), fields 14 and 15 of /proc/self/stat, in ticks of 10 ms
  local f = io.open("/proc/self/stat")
  local stat = f:read("*a")
  f:close()
  local fields = {}
  for x in stat:sub(stat:find(")", 1, true) + 2):gmatch("%S+") do
    fields[#fields + 1] = x
  end
  return (tonumber(fields[12]) + tonumber(fields[13])) * 10
end

function done(summary, lat)
  local cpu = cpuMs()
  local perThread = {}
  for i, thread in ipairs(threads) do
    perThread[i] = thread:get("result")
  end
  local head = json({
    requests = summary.requests,
    durationUs = summary.duration,
    errors = summary.errors,
    cpuMs = cpu,
    wrkP50Us = lat:percentile(50),
    wrkP99Us = lat:percentile(99),
  })
  -- the threads' results are JSON already: spliced in as they are
  io.write("WRK-JSON ", head:sub(1, -2), ',"threads":[', table.concat(perThread, ","), "]}\n")
end
