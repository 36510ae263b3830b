/**
 * The small Python UNO client that keeps the warm LibreOffice instance alive and converts spreadsheets and
 * presentations. It is kept as a string (and written into the instance's private profile folder at start) so it
 * ships inside the compiled engine with nothing to copy.
 *
 * Word documents do not go through it: they are `soffice --convert-to` calls that LibreOffice hands to the running
 * instance over its own pipe, where they run on the main thread (see docs/decisions/010). A headless instance ends
 * itself after such a request; this client vetoes that, so the instance stays warm.
 *
 * On start it switches macros off in the instance's configuration (belt and braces with the profile file), then
 * prints {"ready": true}. Each line on its stdin is then a conversion, {"id", "input", "output" (file URLs),
 * "filter", "options" (FilterData, booleans), "importFilter"?, "importOptions"?, "part"?}: it loads the document hidden
 * and read-only with macros and link updates off, exports it, prints {"id"} (with "error": "load" or "export" when
 * that step failed), and only then closes the document (docs/decisions/216). With "part": [index, count, least], one
 * of `count` instances converting the document side by side, it exports only its share of the printed pages
 * (PageRange) and answers with the page count and its "range"; under `least` pages the first part exports them all
 * and the others answer "skipped" (docs/decisions/220). Any other failure ends the client, and with
 * it the instance. When its stdin closes it lifts the veto and shuts LibreOffice down.
 */
export const bridgeScript = String.raw`
import json
import sys
import time

import uno
import unohelper
from com.sun.star.beans import PropertyValue
from com.sun.star.connection import NoConnectException
from com.sun.star.frame import TerminationVetoException, XTerminateListener
from com.sun.star.io import IOException
from com.sun.star.lang import IllegalArgumentException
from com.sun.star.task import ErrorCodeIOException

# MacroExecMode.NEVER_EXECUTE, UpdateDocMode.NO_UPDATE
NEVER_EXECUTE = 0
NO_UPDATE = 0


class StayAlive(unohelper.Base, XTerminateListener):
    def __init__(self):
        self.closing = False

    def queryTermination(self, event):
        if not self.closing:
            raise TerminationVetoException()

    def notifyTermination(self, event):
        pass

    def disposing(self, event):
        pass


def prop(name, value):
    item = PropertyValue()
    item.Name = name
    item.Value = value
    return item


def connect(pipe, seconds):
    local = uno.getComponentContext()
    resolver = local.ServiceManager.createInstanceWithContext("com.sun.star.bridge.UnoUrlResolver", local)
    deadline = time.time() + seconds
    while True:
        try:
            return resolver.resolve("uno:pipe,name=%s;urp;StarOffice.ComponentContext" % pipe)
        except NoConnectException:
            if time.time() > deadline:
                raise
            time.sleep(0.05)


def disable_macros(context):
    provider = context.ServiceManager.createInstanceWithContext(
        "com.sun.star.configuration.ConfigurationProvider", context
    )
    scripting = provider.createInstanceWithArguments(
        "com.sun.star.configuration.ConfigurationUpdateAccess",
        (prop("nodepath", "/org.openoffice.Office.Common/Security/Scripting"),),
    )
    scripting.setPropertyValue("DisableMacrosExecution", True)
    scripting.setPropertyValue("MacroSecurityLevel", 3)
    scripting.commitChanges()


def answer(request, error=None, **facts):
    message = {"id": request["id"]}
    if error:
        message["error"] = error
    message.update(facts)
    print(json.dumps(message), flush=True)


def part_plan(document, request):
    """The pages this client exports of a document converted in parts ("part": [index, count, least pages]):
    its share of the printed pages, counted as the export counts them; all of them for the first part and none for
    the others when there are fewer than the least; None when the document is converted whole."""
    part = request.get("part")
    if not part:
        return None
    index, count, least = part
    try:
        pages = document.getRendererCount(document, (prop("IsPrinter", True),))
    except Exception:
        pages = 0
    if pages < least:
        return {"pages": pages, "whole": index == 0}
    size = -(-pages // count)
    first = index * size + 1
    last = min(pages, (index + 1) * size)
    return {"pages": pages, "range": [first, last]} if first <= last else {"pages": pages, "whole": False}


def convert(desktop, request):
    load = [
        prop("Hidden", True),
        prop("ReadOnly", True),
        prop("MacroExecutionMode", NEVER_EXECUTE),
        prop("UpdateDocMode", NO_UPDATE),
    ]
    if request.get("importFilter"):
        load += [prop("FilterName", request["importFilter"]), prop("FilterOptions", request["importOptions"])]
    try:
        document = desktop.loadComponentFromURL(request["input"], "_blank", 0, tuple(load))
    except (IllegalArgumentException, IOException, ErrorCodeIOException):
        document = None
    if document is None:
        return answer(request, "load")
    try:
        plan = part_plan(document, request)
        if plan is not None and not plan.get("range") and not plan["whole"]:
            return answer(request, pages=plan["pages"], skipped=True)
        filter_data = tuple(prop(name, bool(value)) for name, value in request["options"].items())
        if plan is not None and plan.get("range"):
            filter_data += (prop("PageRange", "%d-%d" % tuple(plan["range"])),)
        store = (
            prop("FilterName", request["filter"]),
            prop("FilterData", uno.Any("[]com.sun.star.beans.PropertyValue", filter_data)),
        )
        try:
            uno.invoke(document, "storeToURL", (request["output"], uno.Any("[]com.sun.star.beans.PropertyValue", store)))
            answer(request, **({} if plan is None else {"pages": plan["pages"], "range": plan.get("range")}))
        except (IOException, ErrorCodeIOException):
            answer(request, "export")
    finally:
        try:
            document.close(True)
        except Exception:
            document.dispose()


def main():
    context = connect(sys.argv[1], float(sys.argv[2]))
    disable_macros(context)
    desktop = context.ServiceManager.createInstanceWithContext("com.sun.star.frame.Desktop", context)
    guard = StayAlive()
    desktop.addTerminateListener(guard)
    print(json.dumps({"ready": True}), flush=True)
    for line in sys.stdin:
        if line.strip():
            convert(desktop, json.loads(line))
    guard.closing = True
    try:
        desktop.removeTerminateListener(guard)
        desktop.terminate()
    except Exception:
        pass


main()
`;

/**
 * The profile's starting configuration, before the instance reads any document: macros disabled with the
 * highest macro security, and no lock files written next to the documents.
 */
export const profileSettings = `<?xml version="1.0" encoding="UTF-8"?>
<oor:items xmlns:oor="http://openoffice.org/2001/registry" xmlns:xs="http://www.w3.org/2001/XMLSchema" xmlns:xsi="http://www.w3.org/2001/XMLSchema-instance">
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="DisableMacrosExecution" oor:op="fuse"><value>true</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Security/Scripting"><prop oor:name="MacroSecurityLevel" oor:op="fuse"><value>3</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Misc"><prop oor:name="UseDocumentOOoLockFile" oor:op="fuse"><value>false</value></prop></item>
<item oor:path="/org.openoffice.Office.Common/Misc"><prop oor:name="UseDocumentSystemFileLocking" oor:op="fuse"><value>false</value></prop></item>
</oor:items>
`;
