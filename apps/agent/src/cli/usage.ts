import type { CommandName } from './command-line.js';

const COMMON = `  -w, --workspace DIR    project directory the tools are confined to (default: the current directory)
  -c, --config FILE      configuration file (default: DIR/toolcell.config.json when present)
      --mode MODE        direct | code_mode | code_mode_only
      --approve POLICY   ask | all | none — who approves write_file and other tools that need approval
                         (ask: prompt on a terminal; without one, such calls are denied, or
                         deferred with --store)
      --cells            long-running exec cells with wait
      --trust-workspace-servers
                         start the mcpServers of a configuration file inside the workspace
                         (DIR/toolcell.config.json): without it they are listed, not started
      --json             machine-readable output`;

const TRACING = `      --otel-file FILE   write OpenTelemetry spans to FILE as OTLP/JSON, one export request
                         per line (OTEL_EXPORTER_OTLP_ENDPOINT sends them over OTLP/HTTP instead)`;

const STORE = `      --store DIR|URL    where programs wait for approvals decided later: a directory, or a
                         postgres:// URL (also "store" in the configuration; refused in a
                         configuration inside the workspace). With a store, a call that needs
                         approval and that nobody can approve now is deferred, not denied: its
                         program is suspended into the store, decided with toolcell approvals.
                         Seal key: TOOLCELL_SEAL_KEY (>= 32 bytes; required for PostgreSQL), or
                         DIR/seal.key, created with mode 0600 on first use`;

/** Help text per command. */
export const USAGE: Readonly<Record<CommandName, string>> = {
  help: `toolcell — an agent you can run, script, inspect and test

Usage: toolcell <command> [options]

Commands:
  demo                   run the built-in model on a sample project, in direct and code_mode_only
  run --task "…"         run the agent loop (scripted model by default; real providers with --provider)
  exec FILE|-            run one program through the agent's registry, executor and sandbox
  inspect                show what the model would be sent: declarations, exec description, prompt sections
  eval                   measure direct calls against code mode on five task families (tokens, turns, success)
  mock-server --script F an OpenAI-compatible server on 127.0.0.1 that answers from a scenario
  mcp-server [--http N]  serve the agent's tools (and imported MCP servers) as a code-mode MCP server
  approvals [list|approve ID…|deny ID…]
                         decide, from any process, the approvals suspended programs wait for (--store)
  help [COMMAND]         this text, or a command's

Exit codes: 0 success, 1 the run or program failed, 2 usage or configuration error.`,
  run: `Usage: toolcell run --task "…" [options]
       toolcell run --resume SESSION --store DIR|URL [options]

Run the agent loop until the model answers without calling tools. With --store, a run whose
programs wait for approvals ends with them pending (exit 0), saves its conversation and prints
the session id; decide them with toolcell approvals, then go on with --resume SESSION.

  -t, --task TEXT        what the agent should do (required, but for --resume)
  -p, --provider NAME    scripted (default) | openai | openai-responses | anthropic | gemini | openai-compatible
  -m, --model ID         the provider's model id
      --base-url URL     server URL (required for openai-compatible)
      --script FILE      scenario for the scripted model: {"turns":[{"tool_calls":[…]} | {"text":"…"}]}
      --max-turns N      give up after N model requests (default 50)
      --cell-completion push | poll — with --cells: push (default) waits for a yielded
                         cell's news and tells the model in one message; poll leaves it
                         to the model's wait calls
      --no-stream        do not stream responses
      --resume SESSION   continue a run whose programs waited for approvals (with --store): they
                         resume with the decisions recorded and the model gets their reports;
                         no --task (the conversation was saved beside the store), the same
                         --provider and --mode
${STORE}
${TRACING}
${COMMON}

API keys: OPENAI_API_KEY (openai, openai-responses), ANTHROPIC_API_KEY, GEMINI_API_KEY or
GOOGLE_API_KEY (gemini), OPENAI_COMPATIBLE_API_KEY or OPENAI_API_KEY (openai-compatible, optional).
With --json, prints the transcript as JSON Lines (model_request, model_response, call_start,
call_end, hook, approval, final).`,
  exec: `Usage: toolcell exec FILE|- [options]

Run one JavaScript program (a file, or - for stdin) as the model would through exec, with the
agent's tools (code_mode_only scope unless --mode says otherwise). Prints the exec result; with
--json, the outcome (status, code, message, output, calls). Exit 1 when the program fails.

${TRACING}
${COMMON}`,
  inspect: `Usage: toolcell inspect [options]

Show what the model would be sent: the provider-format declarations, the exec description and
the system-prompt sections.

  -p, --provider NAME    the format of the declarations (default scripted: OpenAI Chat Completions)
  -m, --model ID         the provider's model id
${COMMON}`,
  demo: `Usage: toolcell demo [--json] [--otel-file FILE]

Copy a small sample project to a temporary directory and let the built-in model find every
TODO, group them by owner and write a report — once in direct mode (one tool per turn) and
once in code_mode_only (one exec program) — then compare the runs side by side.

The workspaces stay in the temporary directory so you can read the reports.

      --json             print the comparison as JSON instead of progress and the table
${TRACING}`,
  eval: `Usage: toolcell eval [--arms A,B] [--tasks N] [--provider NAME] [--model ID] [--json] [--report DIR]

Run five task families (aggregation, multi-hop lookup, filter-then-act with an approved write,
batch transformation with failing calls, a one-call small API) over seeded fixtures, in each arm,
through the real agent loop. Each run is graded by its task's own check of the final state and
answer. The built-in scripted model replays a cassette per task and arm; a real provider gets the
same tasks and the cassettes are ignored. A progress line per run goes to stderr; the medians per
family and arm and a catalog-scale check (declaration tokens for 10 to 2,500 tools) to stdout.

      --arms LIST        comma-separated: direct, code_mode, code_mode_only (default: all three)
      --tasks N          seeded tasks per family (default 3)
  -p, --provider NAME    scripted (default) | openai | openai-responses | anthropic | gemini | openai-compatible
  -m, --model ID         the provider's model id
      --base-url URL     server URL (required for openai-compatible)
      --json             print the whole result (every run, the medians, the catalog check) as JSON
      --report DIR       also write DIR/index.html: the tables and charts, self-contained (opens from disk)`,
  'mock-server': `Usage: toolcell mock-server --script FILE [--port N] [--record FILE]

An OpenAI-compatible server on 127.0.0.1: POST /v1/chat/completions and /v1/responses (streamed
or not) answered from a scenario file, one turn per request. Prints its URL when ready; stops on
Ctrl-C (SIGINT) or SIGTERM.

      --script FILE      the scenario (required)
      --port N           port (default: any free port)
      --record FILE      append every request as a JSON line {"path","body"}`,
  'mcp-server': `Usage: toolcell mcp-server [--http PORT [--token TOKEN]] [options]

Serve the agent's registry (the demo tools and the servers of mcpServers in the configuration)
as a code-mode MCP server: MCP clients get exec (code_mode_only unless --mode says otherwise).
Over stdio by default, for desktop MCP clients; with --http, Streamable HTTP at
http://127.0.0.1:PORT/mcp (its URL is printed on stderr). Calls that need approval are put to
the client's user by elicitation when the client supports it; otherwise --approve decides (with
--store, ask defers them: the exec answer lists them, and toolcell approvals decides them).
Stops when stdin closes (stdio) or on Ctrl-C (SIGINT) or SIGTERM.

      --http PORT        Streamable HTTP on 127.0.0.1:PORT instead of stdio (0: any free port)
      --token TOKEN      with --http: require "Authorization: Bearer TOKEN"
${STORE}
      --max-sessions N   with --http: MCP sessions open at once (default 64); a new one beyond
                         it replaces the least recently used idle one, or gets 503 when none is idle
      --session-idle-ms MS
                         with --http: close a session idle this long (default 1800000, 30 min);
                         its cells end and its client starts a new session
      --allowed-origins ORIGINS
                         with --http: browser origins to accept besides loopback ones, separated
                         by commas (e.g. https://app.example.com); any other Origin gets 403
${COMMON}`,
  approvals: `Usage: toolcell approvals [list | approve ID… | deny ID… [--reason TEXT]] --store DIR|URL

The approvals that programs suspended into a store wait for (a run or MCP server with --store),
from any process or machine that reaches the store. list (the default) shows each one: its id,
tool, arguments, session, cell and expiry. approve and deny record decisions; the first decision
on an approval wins, and a later one is refused (exit 1) with the decision that stands. An
unknown or expired id is refused too (exit 1). Then continue the run: toolcell run --resume SESSION.

      --store DIR|URL    the store (or "store" in the configuration file)
      --reason TEXT      with deny: why, told to the program and the model
      --session ID       only the approvals of this session (a run's --resume id)
      --json             machine-readable output
  -w, --workspace DIR    where the configuration is looked up (default: the current directory)
  -c, --config FILE      configuration file`,
};
