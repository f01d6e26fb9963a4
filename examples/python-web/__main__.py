"""The program `pulumi up` runs (runtime: python); automation.py runs the same one without a Python language host."""
from web import site

site()
