"""The official MCP Python SDK as a client of `panda mcp`: lists every tool and prompt, calls
every tool (the SDK checks each structured answer against the tool's output schema and raises
when it does not conform) with arguments that give data, no data and an error, and gets every
prompt. Then speaks JSON-RPC to a second `panda mcp` line by line and reads every reply with the
SDK's own message model: ids echoed as written (a 30-digit integer too), ids that are not strings
or integers, lines that are not UTF-8 or too long, a second initialize and a cursor panda did not
give out refused with the right codes. Prints one JSON line with what it did; exits 1 on the
first failure.

usage: python mcp-sdk-client.py PANDA DATABASE CALLS_JSON
CALLS_JSON maps each tool's name to a list of argument objects to call it with.
"""

import asyncio
import json
import subprocess
import sys

import mcp.types as types

from mcp import ClientSession, StdioServerParameters
from mcp.client.stdio import stdio_client

PROMPT_ARGUMENTS = {
    "weekly_review": {},
    "sleep_check": {"days": "14"},
    "compare_months": {"metric": "activity.steps", "month": "2025-06", "baseline_month": "2025-05"},
}


async def main(panda: str, database: str, calls: dict) -> dict:
    server = StdioServerParameters(command=panda, args=["mcp", "--db", database], env={"PANDA_TIMEZONE": "UTC"})
    report = {"protocolVersion": None, "tools": [], "calls": [], "prompts": []}
    async with stdio_client(server) as (read, write):
        async with ClientSession(read, write) as session:
            initialized = await session.initialize()
            report["protocolVersion"] = initialized.protocol_version
            listed = await session.list_tools()
            for tool in listed.tools:
                report["tools"].append(tool.name)
                if tool.output_schema is None:
                    raise RuntimeError(f"{tool.name} lists no output schema")
                if tool.name not in calls:
                    raise RuntimeError(f"no arguments to call {tool.name} with: add it to the test's calls")
                for arguments in calls[tool.name]:
                    result = await session.call_tool(tool.name, arguments)
                    report["calls"].append(
                        {
                            "tool": tool.name,
                            "isError": bool(result.is_error),
                            "structured": result.structured_content is not None,
                            "text": result.content[0].text[:200] if result.content else "",
                        }
                    )
            prompts = await session.list_prompts()
            for prompt in prompts.prompts:
                got = await session.get_prompt(prompt.name, PROMPT_ARGUMENTS.get(prompt.name, {}))
                report["prompts"].append({"name": prompt.name, "messages": len(got.messages)})
            report["session"] = await session_checks(session)
    report["jsonrpc"] = line_checks(panda, database)
    return report


def error_code(error: BaseException):
    """The JSON-RPC error code an SDK exception carries (MCPError in 2.x, McpError in 1.x)."""
    data = getattr(error, "error", None)
    return getattr(data, "code", None)


async def session_checks(session) -> list:
    """Requests the SDK session sends that panda must refuse."""
    checks = []
    second = types.InitializeRequest(
        params=types.InitializeRequestParams(
            protocol_version="2025-06-18",
            capabilities=types.ClientCapabilities(),
            client_info=types.Implementation(name="second", version="1"),
        )
    )
    try:
        await session.send_request(second, types.InitializeResult)
        checks.append({"check": "second initialize", "ok": False, "detail": "answered"})
    except Exception as error:  # the SDK raises the server's error reply
        code = error_code(error)
        checks.append({"check": "second initialize", "ok": code == types.INVALID_REQUEST, "detail": str(code)})
    for name, call in [
        ("tools/list cursor", lambda params: session.list_tools(params=params)),
        ("prompts/list cursor", lambda params: session.list_prompts(params=params)),
    ]:
        try:
            await call(types.PaginatedRequestParams(cursor="not-from-panda"))
            checks.append({"check": name, "ok": False, "detail": "answered"})
        except Exception as error:
            code = error_code(error)
            checks.append({"check": name, "ok": code == types.INVALID_PARAMS, "detail": str(code)})
    return checks


def parse_reply(line: bytes):
    """A reply line read with the SDK's JSON-RPC message model, which takes an id only as a
    string or a strict integer (a float such as 1.2345678901234568e+29 fails)."""
    try:
        from mcp.types.jsonrpc import jsonrpc_message_adapter

        return jsonrpc_message_adapter.validate_json(line)
    except ImportError:  # SDK 1.x
        return types.JSONRPCMessage.model_validate_json(line).root


def line_checks(panda: str, database: str) -> list:
    """Raw lines to a second server, each reply read with the SDK's message model."""
    server = subprocess.Popen(
        [panda, "mcp", "--db", database],
        stdin=subprocess.PIPE,
        stdout=subprocess.PIPE,
        stderr=subprocess.DEVNULL,
        env={"PANDA_TIMEZONE": "UTC"},
    )
    checks = []

    def exchange(line: bytes):
        server.stdin.write(line + b"\n")
        server.stdin.flush()
        return parse_reply(server.stdout.readline())

    def check(name: str, line: bytes, expect) -> None:
        try:
            reply = exchange(line)
            ok, detail = expect(reply), repr(reply)[:200]
        except Exception as error:  # a reply the SDK cannot read
            ok, detail = False, f"{type(error).__name__}: {error}"[:300]
        checks.append({"check": name, "ok": bool(ok), "detail": detail})

    def answered(id_):
        return lambda reply: isinstance(reply, types.JSONRPCResponse) and reply.id == id_ and type(reply.id) is type(id_)

    def refused(code):
        return lambda reply: isinstance(reply, types.JSONRPCError) and reply.id is None and reply.error.code == code

    def request(id_text: str, method: str = "ping", params: str = "{}") -> bytes:
        return f'{{"jsonrpc":"2.0","id":{id_text},"method":"{method}","params":{params}}}'.encode()

    initialize = '{"protocolVersion":"2025-06-18","capabilities":{},"clientInfo":{"name":"lines","version":"1"}}'
    check("initialize", request("0", "initialize", initialize), answered(0))
    server.stdin.write(b'{"jsonrpc":"2.0","method":"notifications/initialized"}\n')
    big = 123456789012345678901234567890
    check("30-digit integer id", request(str(big)), answered(big))
    check("negative integer id", request(str(-big)), answered(-big))
    check("string id", request(json.dumps("\U0001F43C 7")), answered("\U0001F43C 7"))
    for bad in ["1.5", "1e400", "1.0", "null", "true"]:
        check(f"id {bad}", request(bad), refused(types.INVALID_REQUEST))
    not_utf8 = request('"u"', "tools/call", '{"name":"list_metrics"}').replace(b"list_metrics", b"list_metrics\xff")
    check("invalid UTF-8", not_utf8, refused(types.PARSE_ERROR))
    check("line over 4 MiB", request('"long"', "ping", json.dumps({"pad": "x" * (5 * 1024 * 1024)})), refused(types.INVALID_REQUEST))
    check("ping after", request('"after"'), answered("after"))
    server.stdin.close()
    server.wait(timeout=30)
    checks.append({"check": "exit status 0", "ok": server.returncode == 0, "detail": str(server.returncode)})
    return checks


if __name__ == "__main__":
    try:
        outcome = asyncio.run(main(sys.argv[1], sys.argv[2], json.loads(sys.argv[3])))
    except BaseException as error:  # the SDK's validation errors and a broken server alike
        print(json.dumps({"failure": f"{type(error).__name__}: {error}"}))
        sys.exit(1)
    print(json.dumps(outcome))
