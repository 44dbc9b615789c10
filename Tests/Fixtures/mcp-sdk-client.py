"""The official MCP Python SDK as a client of `panda mcp`: lists every tool and prompt, calls
every tool (the SDK checks each structured answer against the tool's output schema and raises
when it does not conform) with arguments that give data, no data and an error, and gets every
prompt. Prints one JSON line with what it did; exits 1 on the first failure.

usage: python mcp-sdk-client.py PANDA DATABASE CALLS_JSON
CALLS_JSON maps each tool's name to a list of argument objects to call it with.
"""

import asyncio
import json
import sys

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
    return report


if __name__ == "__main__":
    try:
        outcome = asyncio.run(main(sys.argv[1], sys.argv[2], json.loads(sys.argv[3])))
    except BaseException as error:  # the SDK's validation errors and a broken server alike
        print(json.dumps({"failure": f"{type(error).__name__}: {error}"}))
        sys.exit(1)
    print(json.dumps(outcome))
